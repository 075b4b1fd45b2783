// CMilter: Sendmail's libmilter (Debian libmilter-dev), seen by exactly one Swift target (Milter).
//
// The version code and the flag words are macros whose values depend on how libmilter was
// built (SMFI_VERSION follows _FFR_MDS), so Swift reads them through these helpers instead
// of copying numbers.
#ifndef EVENTSUGGEST_CMILTER_SHIM_H
#define EVENTSUGGEST_CMILTER_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <libmilter/mfapi.h>
#include <libmilter/mfdef.h>

/// The `xxfi_version` smfi_register expects: the version of the headers we compiled against.
static inline int cmilter_version(void) { return SMFI_VERSION; }

/// The actions we may ask for: add header fields, change or delete them (never the body).
static inline unsigned long cmilter_header_actions(void) { return SMFIF_ADDHDRS | SMFIF_CHGHDRS; }

/// The action `--attach-event` needs besides: replace the body (smfi_replacebody).
static inline unsigned long cmilter_body_action(void) { return SMFIF_CHGBODY; }

/// The largest piece libmilter sends in one protocol packet (smfi_replacebody splits the
/// body into pieces of this size; we hand it pieces of this size, so no call copies more).
static inline int cmilter_chunk_size(void) { return MILTER_CHUNK_SIZE; }

/// The protocol step that keeps the space after a header field's colon in the values the
/// MTA sends (and that we send): the message can then be rebuilt byte for byte.
static inline unsigned long cmilter_leading_space(void) { return SMFIP_HDR_LEADSPC; }

/// The steps we never need: HELO, unknown commands, DATA.
static inline unsigned long cmilter_unused_steps(void) { return SMFIP_NOHELO | SMFIP_NOUNKNOWN | SMFIP_NODATA; }

#endif
