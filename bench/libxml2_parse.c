/*
 * The floor for `eventsuggest extract` (issue 21): a plain libxml2 HTML parse of each file
 * named on the command line (or one per line on stdin with "-"), with the options
 * Sources/HTMLDocument/HTMLDocument.swift passes to htmlReadMemory, the document freed
 * again. Nothing else: no walk, no extraction. Prints the number of files and of element
 * nodes seen (a check that the parse happened, and the same count for every run).
 *
 * With --events first (issue 21, round 8): the same parse through htmlCtxtReadMemory with
 * SAX handlers that only count the elements, so libxml2 builds no tree: the floor of an
 * extractor that, like HTMLDocument since round 8, builds its own tree from the events.
 *
 *   cc -O2 -o libxml2_parse bench/libxml2_parse.c $(pkg-config --cflags --libs libxml-2.0)
 *   ./libxml2_parse [--events] FILE...
 */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long count_elements(xmlNodePtr node) {
    long count = 0;
    for (; node != NULL; node = node->next) {
        if (node->type == XML_ELEMENT_NODE) count += 1 + count_elements(node->children);
    }
    return count;
}

static int events_only;

static void count_start(void *context, const xmlChar *name, const xmlChar **attributes) {
    (void)name;
    (void)attributes;
    htmlParserCtxtPtr parser = context;
    *(long *)parser->_private += 1;
}

static int parse_file(const char *path, long *elements) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { perror(path); return 1; }
    size_t capacity = 1 << 16, length = 0;
    char *bytes = malloc(capacity);
    size_t got;
    while ((got = fread(bytes + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    fclose(file);
    /* The options of HTMLDocument.swift (HTMLDocument.init(parsing:limits:)). */
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING
        | HTML_PARSE_IGNORE_ENC | HTML_PARSE_NODEFDTD | XML_PARSE_BIG_LINES;
    if (events_only) {
        htmlParserCtxtPtr parser = htmlNewParserCtxt();
        if (parser == NULL) { free(bytes); return 1; }
        memset(parser->sax, 0, sizeof(*parser->sax));
        parser->sax->startElement = count_start;
        parser->_private = elements;
        htmlDocPtr none = htmlCtxtReadMemory(parser, bytes, (int)length, NULL, "UTF-8", options);
        if (none != NULL) xmlFreeDoc(none);
        htmlFreeParserCtxt(parser);
        free(bytes);
        return 0;
    }
    htmlDocPtr document = htmlReadMemory(bytes, (int)length, NULL, "UTF-8", options);
    if (document != NULL) {
        *elements += count_elements(document->children);
        xmlFreeDoc(document);
    }
    free(bytes);
    return 0;
}

int main(int argc, char **argv) {
    xmlInitParser();
    long files = 0, elements = 0;
    int failed = 0;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--events") == 0) {
        events_only = 1;
        first = 2;
    }
    for (int index = first; index < argc; index++) {
        if (strcmp(argv[index], "-") == 0) {
            char line[4096];
            while (fgets(line, sizeof line, stdin) != NULL) {
                line[strcspn(line, "\n")] = 0;
                if (line[0] == 0) continue;
                failed |= parse_file(line, &elements);
                files++;
            }
            continue;
        }
        failed |= parse_file(argv[index], &elements);
        files++;
    }
    printf("%ld files, %ld elements\n", files, elements);
    xmlCleanupParser();
    return failed;
}
