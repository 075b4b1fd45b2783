#include "linked_libxml2.h"
#include <string.h>

#ifdef EVENTSUGGEST_LINK_LIBXML2
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>

bool eventsuggest_linked_libxml2(void *found[4]) {
    /* A function's address as a data pointer, as dlsym hands it out (POSIX allows it). */
    void (*init_parser)(void) = xmlInitParser;
    htmlParserCtxtPtr (*new_context)(void) = htmlNewParserCtxt;
    htmlDocPtr (*read_memory)(htmlParserCtxtPtr, const char *, int, const char *, const char *, int) = htmlCtxtReadMemory;
    void (*free_context)(htmlParserCtxtPtr) = htmlFreeParserCtxt;
    memcpy(&found[0], &init_parser, sizeof(void *));
    memcpy(&found[1], &new_context, sizeof(void *));
    memcpy(&found[2], &read_memory, sizeof(void *));
    memcpy(&found[3], &free_context, sizeof(void *));
    return true;
}
#else
bool eventsuggest_linked_libxml2(void *found[4]) {
    (void)found;
    return false;
}
#endif
