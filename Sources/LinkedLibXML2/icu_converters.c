/* ICU's converter functions that libxml2.a calls, forwarded to libicuuc loaded on first use
   (see linked_libxml2.h). Only <unicode/utypes.h> is included: it brings UErrorCode and
   ICU's versioned names (urename.h turns `ucnv_open` into `ucnv_open_72`), so the names
   defined here are the ones the libxml2.a built against this ICU asks for, and the soname
   and dlsym names follow the installed ICU's major version. ucnv.h is left out on purpose:
   it declares these functions exported, and ours are hidden (never seen by another library). */
#include "linked_libxml2.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <unicode/utypes.h>

#define EVENTSUGGEST_TEXT2(x) #x
#define EVENTSUGGEST_TEXT(x) EVENTSUGGEST_TEXT2(x)
#define EVENTSUGGEST_HIDDEN __attribute__((visibility("hidden")))

/* ICU's types as far as a forwarder needs them: opaque pointers, enums passed as int. */
typedef struct UConverter UConverter;
typedef void (*ToUnicodeCallback)(const void *, void *, const char *, int32_t, int, UErrorCode *);
typedef void (*FromUnicodeCallback)(const void *, void *, const UChar *, int32_t, UChar32, int, UErrorCode *);

/* Written once under pthread_once, then only read. */
static struct {
    bool loaded;
    UConverter *(*open)(const char *, UErrorCode *);
    void (*close)(UConverter *);
    void (*set_to_unicode)(UConverter *, ToUnicodeCallback, const void *, ToUnicodeCallback *, const void **, UErrorCode *);
    void (*set_from_unicode)(UConverter *, FromUnicodeCallback, const void *, FromUnicodeCallback *, const void **, UErrorCode *);
    void (*convert)(UConverter *, UConverter *, char **, const char *, const char **, const char *, UChar *, UChar **,
                    UChar **, const UChar *, UBool, UBool, UErrorCode *);
    ToUnicodeCallback to_unicode_stop;
    FromUnicodeCallback from_unicode_stop;
} icu;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void *icu_symbol(void *handle, const char *name, bool *complete) {
    void *address = dlsym(handle, name);
    if (address == NULL) *complete = false;
    return address;
}

static void icu_load(void) {
    void *handle = dlopen("libicuuc.so." EVENTSUGGEST_TEXT(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    bool complete = true;
    /* POSIX: a data pointer from dlsym converts to a function pointer. */
    *(void **)&icu.open = icu_symbol(handle, EVENTSUGGEST_TEXT(ucnv_open), &complete);
    *(void **)&icu.close = icu_symbol(handle, EVENTSUGGEST_TEXT(ucnv_close), &complete);
    *(void **)&icu.set_to_unicode = icu_symbol(handle, EVENTSUGGEST_TEXT(ucnv_setToUCallBack), &complete);
    *(void **)&icu.set_from_unicode = icu_symbol(handle, EVENTSUGGEST_TEXT(ucnv_setFromUCallBack), &complete);
    *(void **)&icu.convert = icu_symbol(handle, EVENTSUGGEST_TEXT(ucnv_convertEx), &complete);
    *(void **)&icu.to_unicode_stop = icu_symbol(handle, EVENTSUGGEST_TEXT(UCNV_TO_U_CALLBACK_STOP), &complete);
    *(void **)&icu.from_unicode_stop = icu_symbol(handle, EVENTSUGGEST_TEXT(UCNV_FROM_U_CALLBACK_STOP), &complete);
    icu.loaded = complete;
}

bool eventsuggest_icu_available(void) {
    pthread_once(&icu_once, icu_load);
    return icu.loaded;
}

static bool icu_ready(UErrorCode *error) {
    if (eventsuggest_icu_available()) return true;
    if (error != NULL && U_SUCCESS(*error)) *error = U_FILE_ACCESS_ERROR;
    return false;
}

/* The seven names libxml2.a's encoding.c refers to, each handing on to libicuuc. */

EVENTSUGGEST_HIDDEN UConverter *ucnv_open(const char *name, UErrorCode *error) {
    if (!icu_ready(error)) return NULL;
    return icu.open(name, error);
}

EVENTSUGGEST_HIDDEN void ucnv_close(UConverter *converter) {
    if (converter != NULL && eventsuggest_icu_available()) icu.close(converter);
}

EVENTSUGGEST_HIDDEN void UCNV_TO_U_CALLBACK_STOP(const void *context, void *arguments, const char *units, int32_t length,
                                                 int reason, UErrorCode *error) {
    if (icu_ready(error)) icu.to_unicode_stop(context, arguments, units, length, reason, error);
}

EVENTSUGGEST_HIDDEN void UCNV_FROM_U_CALLBACK_STOP(const void *context, void *arguments, const UChar *units, int32_t length,
                                                   UChar32 codePoint, int reason, UErrorCode *error) {
    if (icu_ready(error)) icu.from_unicode_stop(context, arguments, units, length, codePoint, reason, error);
}

/* libxml2 passes the STOP callbacks by address: ours are handed on as ICU's own, so ICU calls
   its own callback directly. */
EVENTSUGGEST_HIDDEN void ucnv_setToUCallBack(UConverter *converter, ToUnicodeCallback action, const void *context,
                                             ToUnicodeCallback *oldAction, const void **oldContext, UErrorCode *error) {
    if (!icu_ready(error)) return;
    if (action == UCNV_TO_U_CALLBACK_STOP) action = icu.to_unicode_stop;
    icu.set_to_unicode(converter, action, context, oldAction, oldContext, error);
}

EVENTSUGGEST_HIDDEN void ucnv_setFromUCallBack(UConverter *converter, FromUnicodeCallback action, const void *context,
                                               FromUnicodeCallback *oldAction, const void **oldContext, UErrorCode *error) {
    if (!icu_ready(error)) return;
    if (action == UCNV_FROM_U_CALLBACK_STOP) action = icu.from_unicode_stop;
    icu.set_from_unicode(converter, action, context, oldAction, oldContext, error);
}

EVENTSUGGEST_HIDDEN void ucnv_convertEx(UConverter *target, UConverter *source, char **targetText, const char *targetLimit,
                                        const char **sourceText, const char *sourceLimit, UChar *pivotStart,
                                        UChar **pivotSource, UChar **pivotTarget, const UChar *pivotLimit, UBool reset,
                                        UBool flush, UErrorCode *error) {
    if (!icu_ready(error)) return;
    icu.convert(target, source, targetText, targetLimit, sourceText, sourceLimit, pivotStart, pivotSource, pivotTarget,
                pivotLimit, reset, flush, error);
}

long eventsuggest_icu_convert_to_utf8(const char *encoding, const char *input, size_t length, char *output,
                                      size_t capacity, int *error) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *from = ucnv_open(encoding, &status);
    UConverter *to = ucnv_open("UTF-8", &status);
    long written = -1;
    if (U_SUCCESS(status)) {
        ucnv_setToUCallBack(from, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
        ucnv_setFromUCallBack(to, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
        UChar pivot[256];
        UChar *pivotSource = pivot, *pivotTarget = pivot;
        char *cursor = output;
        const char *source = input;
        ucnv_convertEx(to, from, &cursor, output + capacity, &source, input + length, pivot, &pivotSource,
                       &pivotTarget, pivot + 256, 1, 1, &status);
        if (U_SUCCESS(status)) written = (long)(cursor - output);
    }
    ucnv_close(from);
    ucnv_close(to);
    *error = (int)status;
    return written;
}
