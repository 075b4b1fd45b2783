// CResolv: glibc's libresolv, seen by exactly one Swift target (DNS).
//
// `res_ninit`, `res_nsend` and `res_nclose` are macros, and `__res_state` is both a struct
// and a function, so Swift cannot call them itself. The whole exchange therefore happens in
// one helper, on a resolver state that lives on this call's stack: nothing is shared
// between threads, nothing outlives the call.
#ifndef EVENTSUGGEST_CRESOLV_SHIM_H
#define EVENTSUGGEST_CRESOLV_SHIM_H

#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <errno.h>
#include <netinet/in.h>
#include <resolv.h>
#include <string.h>
#include <sys/socket.h>

/// Sends the ready-made DNS query `query` (`query_length` bytes) and copies the response
/// into `answer`.
///
/// - `server_ipv4`: a dotted-quad IPv4 address to ask instead of the servers of
///   /etc/resolv.conf, or NULL for the system's resolver configuration.
/// - `timeout_seconds`, `attempts`: the wait for each try and the number of tries per
///   server (glibc's `retrans` and `retry`); values below 1 count as 1.
///
/// Returns the length of the response (at most `answer_size`), or -1 with `*error_out` set
/// to an errno value: ETIMEDOUT when no server answered in time, ECONNREFUSED when none
/// could be reached, EINVAL for a bad `server_ipv4`, or whatever the socket layer reported.
///
/// libresolv retries a truncated (TC) UDP answer over TCP with the same server. The rcode
/// is left for the caller to read from the response: `pfcode` is set so that SERVFAIL,
/// REFUSED and NOTIMP answers come back as answers (glibc otherwise turns them into -1,
/// indistinguishable from an unreachable server) — the one flag glibc documents for that,
/// used by dig.
static inline int eventsuggest_res_send(
    const unsigned char *query, int query_length,
    const char *server_ipv4, unsigned short port,
    int timeout_seconds, int attempts,
    unsigned char *answer, int answer_size,
    int *error_out)
{
    *error_out = 0;
    struct in_addr address;
    if (server_ipv4 != NULL && inet_pton(AF_INET, server_ipv4, &address) != 1) {
        *error_out = EINVAL;
        return -1;
    }

    struct __res_state state;
    memset(&state, 0, sizeof state);
    if (res_ninit(&state) != 0) {
        // Nothing to close: a failed res_ninit may leave the state untouched (its socket
        // fields still 0, which res_nclose would take for descriptors).
        *error_out = errno != 0 ? errno : ENOMEM;
        return -1;
    }
    if (server_ipv4 != NULL) {
        memset(&state.nsaddr_list[0], 0, sizeof state.nsaddr_list[0]);
        state.nsaddr_list[0].sin_family = AF_INET;
        state.nsaddr_list[0].sin_port = htons(port);
        state.nsaddr_list[0].sin_addr = address;
        state.nscount = 1;
    }
    state.retrans = timeout_seconds > 0 ? timeout_seconds : 1;
    state.retry = attempts > 0 ? attempts : 1;
    state.options &= ~(unsigned long)(RES_IGNTC | RES_DEBUG);
    state.pfcode = RES_PRF_HEAD2;  // non-zero: hand back SERVFAIL/REFUSED/NOTIMP answers

    errno = 0;
    int length = res_nsend(&state, query, query_length, answer, answer_size);
    if (length < 0) {
        *error_out = errno != 0 ? errno : ETIMEDOUT;
    }
    res_nclose(&state);
    return length;
}

#endif
