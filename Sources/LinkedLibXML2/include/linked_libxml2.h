#ifndef EVENTSUGGEST_LINKED_LIBXML2_H
#define EVENTSUGGEST_LINKED_LIBXML2_H
#include <stdbool.h>
#include <stddef.h>

/* Release builds (what `make install` ships) link Debian's libxml2.a into the binary, so a
   filter on a message with markup neither maps libxml2, libicuuc and the 30 MB libicudata nor
   has ld.so relocate them; debug builds and tests load the shared libxml2 with dlopen.

   Fills found[0..3] with the addresses of xmlInitParser, htmlNewParserCtxt, htmlCtxtReadMemory
   and htmlFreeParserCtxt (LibXML2Library.symbolNames' order) and returns true
   when libxml2 is linked in; returns false and leaves `found` alone when it is not. */
bool eventsuggest_linked_libxml2(void *found[4]);

/* libxml2.a calls seven functions of ICU's converter API (ucnv_open, ucnv_convertEx, …) for an
   encoding iconv does not know. This target defines them (hidden) and forwards each to
   libicuuc, opened with dlopen the first time one is called: a filter never maps ICU, and an
   encoding only ICU knows still converts. eventsuggest itself never gets there (it hands
   libxml2 UTF-8 and tells it to ignore the document's declared encoding).

   The forwarders as libxml2 calls them: opens a converter for `encoding`, converts `length`
   bytes of `input` to UTF-8 into `output` (room for `capacity` bytes), closes it. Returns the
   number of bytes written, or -1 with *error set to ICU's UErrorCode (U_FILE_ACCESS_ERROR, 4,
   when libicuuc cannot be loaded). */
long eventsuggest_icu_convert_to_utf8(const char *encoding, const char *input, size_t length,
                                      char *output, size_t capacity, int *error);

/* Whether libicuuc could be loaded and has the seven functions; loads it on the first call. */
bool eventsuggest_icu_available(void);
#endif
