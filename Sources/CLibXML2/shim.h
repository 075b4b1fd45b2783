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
#include <stddef.h>
#include <string.h>

/* libxml2 is loaded at run time, only when a part has markup: the five functions
   HTMLDocument calls, found once by DynamicLibrary (HTMLDocument's LibXML2Library holds the table). */
struct eventsuggest_libxml2_functions {
    void (*init_parser)(void);
    htmlDocPtr (*html_read_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    void (*free_doc)(xmlDocPtr document);
    long (*get_line_no)(const xmlNode *node);
    /* xmlFree is a variable holding the deallocator (xmlMemSetup may change it): its address. */
    xmlFreeFunc *free_slot;
};

/* Fills the table from the addresses DynamicLibrary found, in this order: xmlInitParser,
   htmlReadMemory, xmlFreeDoc, xmlGetLineNo, xmlFree (LibXML2Library.symbolNames). */
static inline void eventsuggest_libxml2_assign(struct eventsuggest_libxml2_functions *functions, void *const *found) {
    /* POSIX: a data pointer from dlsym converts to a function pointer. */
    memcpy(&functions->init_parser, &found[0], sizeof(void *));
    memcpy(&functions->html_read_memory, &found[1], sizeof(void *));
    memcpy(&functions->free_doc, &found[2], sizeof(void *));
    memcpy(&functions->get_line_no, &found[3], sizeof(void *));
    functions->free_slot = (xmlFreeFunc *)found[4];
}

// xmlFree is a C global function pointer, which Swift 6 will not call directly.
static inline void eventsuggest_xmlFree(const struct eventsuggest_libxml2_functions *functions, void *pointer) {
    (*functions->free_slot)(pointer);
}
#endif
