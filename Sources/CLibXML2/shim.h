#ifndef EVENTSUGGEST_CLIBXML2_SHIM_H
#define EVENTSUGGEST_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>; its UErrorCode clashes with Foundation's bundled ICU in any Swift
// module that sees both ("'UErrorCode' has different definitions in different modules").
// We never touch xmlCharEncodingHandler (the only type with ICU fields), so leave ICU out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stddef.h>
#include <string.h>

/* libxml2 is linked in (release) or loaded at run time (debug, tests): the four functions
   HTMLDocument calls, found once (HTMLDocument's LibXML2Library holds the table). */
struct eventsuggest_libxml2_functions {
    void (*init_parser)(void);
    htmlParserCtxtPtr (*new_parser_context)(void);
    htmlDocPtr (*context_read_memory)(htmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                                      const char *encoding, int options);
    void (*free_parser_context)(htmlParserCtxtPtr context);
};

/* Fills the table from the addresses found, in this order: xmlInitParser, htmlNewParserCtxt,
   htmlCtxtReadMemory, htmlFreeParserCtxt (LibXML2Library.symbolNames). */
static inline void eventsuggest_libxml2_assign(struct eventsuggest_libxml2_functions *functions, void *const *found) {
    /* POSIX: a data pointer from dlsym converts to a function pointer. */
    memcpy(&functions->init_parser, &found[0], sizeof(void *));
    memcpy(&functions->new_parser_context, &found[1], sizeof(void *));
    memcpy(&functions->context_read_memory, &found[2], sizeof(void *));
    memcpy(&functions->free_parser_context, &found[3], sizeof(void *));
}

/* The SAX events HTMLDocument builds its tree from. `context` is what libxml2 passes each
   callback: the parser context (its userData), whose _private holds the tree builder. */
struct eventsuggest_html_events {
    startElementSAXFunc start_element;
    endElementSAXFunc end_element;
    charactersSAXFunc characters;
    cdataBlockSAXFunc cdata_block;
    commentSAXFunc comment;
    processingInstructionSAXFunc processing_instruction;
    internalSubsetSAXFunc internal_subset;
    startDocumentSAXFunc start_document;
};

/* Replaces every handler of a fresh context (htmlNewParserCtxt gives each context its own
   copy of the handler table) with `events`, and no others: libxml2 builds no tree of its own
   (its startDocument would make the xmlDoc), reports no errors, resolves no entities beyond HTML's. */
static inline void eventsuggest_html_install_events(htmlParserCtxtPtr context, const struct eventsuggest_html_events *events,
                                                    void *builder) {
    htmlSAXHandlerPtr handler = context->sax;
    memset(handler, 0, sizeof(*handler));
    handler->startElement = events->start_element;
    handler->endElement = events->end_element;
    handler->characters = events->characters;
    handler->cdataBlock = events->cdata_block;
    handler->comment = events->comment;
    handler->processingInstruction = events->processing_instruction;
    handler->internalSubset = events->internal_subset;
    handler->startDocument = events->start_document;
    context->userData = context;
    context->_private = builder;
}

/* The builder a callback's `context` carries. */
static inline void *eventsuggest_html_builder(void *context) {
    return ((htmlParserCtxtPtr)context)->_private;
}

/* The line the parser is on, as libxml2's own tree builder records it for a node made now. */
static inline int eventsuggest_html_line(void *context) {
    htmlParserCtxtPtr parser = (htmlParserCtxtPtr)context;
    return parser->input != NULL ? parser->input->line : 0;
}
#endif
