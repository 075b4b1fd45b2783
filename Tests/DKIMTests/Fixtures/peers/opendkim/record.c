/*
 * Linked into each libopendkim verify test (t-testNN.c) with -Wl,--wrap=...: records what
 * the test feeds a verifying handle (header fields, end of header, body, chunks) as one
 * message file, and the status the handle's last dkim_eom returned (the test asserts on it, so a test that
 * ran to its end expected exactly that status). Everything is passed on to libopendkim.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <opendkim/dkim.h>

DKIM *__real_dkim_verify(DKIM_LIB *, const unsigned char *, void *, DKIM_STAT *);
DKIM_STAT __real_dkim_header(DKIM *, u_char *, size_t);
DKIM_STAT __real_dkim_eoh(DKIM *);
DKIM_STAT __real_dkim_body(DKIM *, u_char *, size_t);
DKIM_STAT __real_dkim_chunk(DKIM *, u_char *, size_t);
DKIM_STAT __real_dkim_eom(DKIM *, _Bool *);

static DKIM *recorded;
static FILE *message;
static int count;

static const char *test_name(void) { const char *n = getenv("OPENDKIM_TEST"); return n ? n : "t-test"; }

DKIM *__wrap_dkim_verify(DKIM_LIB *lib, const unsigned char *id, void *closure, DKIM_STAT *statp) {
	char path[256];
	DKIM *handle = __real_dkim_verify(lib, id, closure, statp);
	if (message != NULL) fclose(message);
	count++;
	snprintf(path, sizeof path, "cases/%s-%d.eml", test_name(), count);
	message = fopen(path, "wb");
	recorded = handle;
	return handle;
}

DKIM_STAT __wrap_dkim_header(DKIM *dkim, u_char *hdr, size_t len) {
	if (dkim == recorded && message != NULL) { fwrite(hdr, 1, len, message); fwrite("\r\n", 1, 2, message); }
	return __real_dkim_header(dkim, hdr, len);
}

DKIM_STAT __wrap_dkim_eoh(DKIM *dkim) {
	if (dkim == recorded && message != NULL) fwrite("\r\n", 1, 2, message);
	return __real_dkim_eoh(dkim);
}

DKIM_STAT __wrap_dkim_body(DKIM *dkim, u_char *buf, size_t len) {
	if (dkim == recorded && message != NULL) fwrite(buf, 1, len, message);
	return __real_dkim_body(dkim, buf, len);
}

DKIM_STAT __wrap_dkim_chunk(DKIM *dkim, u_char *buf, size_t len) {
	if (dkim == recorded && message != NULL && buf != NULL) fwrite(buf, 1, len, message);
	return __real_dkim_chunk(dkim, buf, len);
}

DKIM_STAT __wrap_dkim_eom(DKIM *dkim, _Bool *testkey) {
	DKIM_STAT status = __real_dkim_eom(dkim, testkey);
	if (dkim == recorded && message != NULL) {
		/* The last dkim_eom of a handle counts (t-test89 calls it early on purpose). */
		FILE *statusFile;
		char path[256];
		fflush(message);
		snprintf(path, sizeof path, "cases/%s-%d.status", test_name(), count);
		statusFile = fopen(path, "w");
		fprintf(statusFile, "%d\n", (int) status);
		fclose(statusFile);
	}
	return status;
}
