#ifndef EVENTSUGGEST_CLIBXML2_SHIM_H
#define EVENTSUGGEST_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>

// xmlFree is a C global function pointer, which Swift 6 will not call directly.
static inline void eventsuggest_xmlFree(void *pointer) { xmlFree(pointer); }
#endif
