#include "linked_libxml2.h"
#include <string.h>

#ifdef EVENTSUGGEST_LINK_LIBXML2
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>

bool eventsuggest_linked_libxml2(void *found[5]) {
    /* A function's address as a data pointer, as dlsym hands it out (POSIX allows it). */
    void (*init_parser)(void) = xmlInitParser;
    htmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int) = htmlReadMemory;
    void (*free_doc)(xmlDocPtr) = xmlFreeDoc;
    long (*line_number)(const xmlNode *) = xmlGetLineNo;
    memcpy(&found[0], &init_parser, sizeof(void *));
    memcpy(&found[1], &read_memory, sizeof(void *));
    memcpy(&found[2], &free_doc, sizeof(void *));
    memcpy(&found[3], &line_number, sizeof(void *));
    found[4] = (void *)&xmlFree;
    return true;
}
#else
bool eventsuggest_linked_libxml2(void *found[5]) {
    (void)found;
    return false;
}
#endif
