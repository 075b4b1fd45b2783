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
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

/* libxml2 is loaded at run time, only when a part has markup: the five functions
   HTMLDocument calls, found once with dlsym (HTMLDocument's LibXML2Library holds the table). */
struct eventsuggest_libxml2_functions {
    void (*init_parser)(void);
    htmlDocPtr (*html_read_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    void (*free_doc)(xmlDocPtr document);
    long (*get_line_no)(const xmlNode *node);
    /* xmlFree is a variable holding the deallocator (xmlMemSetup may change it): its address. */
    xmlFreeFunc *free_slot;
};

/* Opens `library` (a soname such as "libxml2.so.2" or a path) and finds every function.
   Returns 0, or -1 with dlerror's text (which names the library) in `error`. The handle is
   never closed: the functions stay valid for the life of the process. */
static inline int eventsuggest_libxml2_load(const char *library, struct eventsuggest_libxml2_functions *functions,
                                            char *error, size_t error_size) {
    memset(functions, 0, sizeof *functions);
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    const char *names[] = { "xmlInitParser", "htmlReadMemory", "xmlFreeDoc", "xmlGetLineNo", "xmlFree" };
    void *found[sizeof names / sizeof names[0]];
    const char *failure = NULL;
    if (handle == NULL) {
        failure = dlerror();
    } else {
        for (size_t index = 0; index < sizeof names / sizeof names[0] && failure == NULL; index++) {
            dlerror();
            found[index] = dlsym(handle, names[index]);
            if (found[index] == NULL) failure = dlerror();
            if (found[index] == NULL && failure == NULL) failure = names[index];
        }
    }
    if (failure != NULL) {
        if (error_size > 0) {
            strncpy(error, failure, error_size - 1);
            error[error_size - 1] = '\0';
        }
        return -1;
    }
    /* POSIX: a data pointer from dlsym converts to a function pointer. */
    memcpy(&functions->init_parser, &found[0], sizeof(void *));
    memcpy(&functions->html_read_memory, &found[1], sizeof(void *));
    memcpy(&functions->free_doc, &found[2], sizeof(void *));
    memcpy(&functions->get_line_no, &found[3], sizeof(void *));
    functions->free_slot = (xmlFreeFunc *)found[4];
    return 0;
}

// xmlFree is a C global function pointer, which Swift 6 will not call directly.
static inline void eventsuggest_xmlFree(const struct eventsuggest_libxml2_functions *functions, void *pointer) {
    (*functions->free_slot)(pointer);
}
#endif
