#ifndef EVENTSUGGEST_CCURL_SHIM_H
#define EVENTSUGGEST_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

/* libcurl is loaded at run time, only when a CalDAV calendar is used: these are its
   functions we call, found once with dlsym (HTTPClient's CurlLibrary holds the table). */
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

/* Opens `library` (a soname such as "libcurl.so.4" or a path) and finds every function.
   Returns 0, or -1 with dlerror's text (which names the library) in `error`. The handle is
   never closed: the functions stay valid for the life of the process. */
static inline int eventsuggest_curl_load(const char *library, struct eventsuggest_curl_functions *functions,
                                         char *error, size_t error_size) {
    memset(functions, 0, sizeof *functions);
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    const char *names[] = { "curl_global_init", "curl_easy_init", "curl_easy_setopt", "curl_easy_perform",
                            "curl_easy_getinfo", "curl_easy_cleanup", "curl_easy_strerror",
                            "curl_slist_append", "curl_slist_free_all" };
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
    memcpy(&functions->global_init, &found[0], sizeof(void *));
    memcpy(&functions->easy_init, &found[1], sizeof(void *));
    memcpy(&functions->easy_setopt, &found[2], sizeof(void *));
    memcpy(&functions->easy_perform, &found[3], sizeof(void *));
    memcpy(&functions->easy_getinfo, &found[4], sizeof(void *));
    memcpy(&functions->easy_cleanup, &found[5], sizeof(void *));
    memcpy(&functions->easy_strerror, &found[6], sizeof(void *));
    memcpy(&functions->slist_append, &found[7], sizeof(void *));
    memcpy(&functions->slist_free_all, &found[8], sizeof(void *));
    return 0;
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
