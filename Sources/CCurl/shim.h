#ifndef EVENTSUGGEST_CCURL_SHIM_H
#define EVENTSUGGEST_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>
#include <string.h>

/* libcurl is loaded at run time, only when a CalDAV calendar is used: these are its
   functions we call, found once by DynamicLibrary (HTTPClient's CurlLibrary holds the table). */
struct eventsuggest_curl_functions {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
};

/* Fills the table from the addresses DynamicLibrary found, in this order: curl_global_init,
   curl_easy_init, curl_easy_setopt, curl_easy_perform, curl_easy_getinfo, curl_easy_cleanup,
   curl_easy_strerror, curl_slist_append, curl_slist_free_all (CurlLibrary.symbolNames). */
static inline void eventsuggest_curl_assign(struct eventsuggest_curl_functions *functions, void *const *found) {
    /* POSIX: a data pointer from dlsym converts to a function pointer. */
    memcpy(&functions->global_init, &found[0], sizeof(void *));
    memcpy(&functions->easy_init, &found[1], sizeof(void *));
    memcpy(&functions->easy_setopt, &found[2], sizeof(void *));
    memcpy(&functions->easy_perform, &found[3], sizeof(void *));
    memcpy(&functions->easy_getinfo, &found[4], sizeof(void *));
    memcpy(&functions->easy_cleanup, &found[5], sizeof(void *));
    memcpy(&functions->easy_strerror, &found[6], sizeof(void *));
    memcpy(&functions->slist_append, &found[7], sizeof(void *));
    memcpy(&functions->slist_free_all, &found[8], sizeof(void *));
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
   wrapper per kind of value, calling through the loaded table. */

static inline CURLcode eventsuggest_curl_set_long(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, long value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_string(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, const char *value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_pointer(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, void *value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_list(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode eventsuggest_curl_set_size(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, curl_off_t value) {
    return curl->easy_setopt(handle, option, value);
}

typedef size_t (*eventsuggest_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode eventsuggest_curl_set_callback(const struct eventsuggest_curl_functions *curl, CURL *handle, CURLoption option, eventsuggest_curl_data_callback callback) {
    return curl->easy_setopt(handle, option, callback);
}

static inline CURLcode eventsuggest_curl_response_code(const struct eventsuggest_curl_functions *curl, CURL *handle, long *code) {
    return curl->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

/* CURL_GLOBAL_DEFAULT is a macro expression Swift does not import. */
static inline CURLcode eventsuggest_curl_global_init(const struct eventsuggest_curl_functions *curl) {
    return curl->global_init(CURL_GLOBAL_DEFAULT);
}

#endif
