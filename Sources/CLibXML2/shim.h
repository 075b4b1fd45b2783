#ifndef EVENTSUGGEST_CLIBXML2_SHIM_H
#define EVENTSUGGEST_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>; its UErrorCode clashes with Foundation's bundled ICU in any Swift
// module that sees both ("'UErrorCode' has different definitions in different modules").
// We never touch xmlCharEncodingHandler (the only type with ICU fields), so leave ICU out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>

// xmlFree is a C global function pointer, which Swift 6 will not call directly.
static inline void eventsuggest_xmlFree(void *pointer) { xmlFree(pointer); }
#endif
