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
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/// Sends the ready-made DNS query `query` (`query_length` bytes) and copies the response
/// into `answer`.
///
/// - `server_address`: an IPv4 (dotted-quad) or IPv6 address to ask instead of the servers
///   of /etc/resolv.conf, or NULL for the system's resolver configuration. An IPv6 server
///   goes where glibc's res_ninit itself puts one read from resolv.conf: a malloc'd
///   `sockaddr_in6` in `_u._ext.nsaddrs[0]`, with `nsaddr_list[0].sin_family` 0 so that
///   res_send takes it; res_nclose frees it.
/// - `timeout_seconds`, `attempts`: the wait for each try and the number of tries per
///   server (glibc's `retrans` and `retry`); values below 1 count as 1.
///
/// Returns the length of the response (at most `answer_size`), or -1 with `*error_out` set
/// to an errno value: ETIMEDOUT when no server answered in time, ECONNREFUSED when none
/// could be reached, EINVAL for a bad `server_address`, or whatever the socket layer reported.
///
/// libresolv retries a truncated (TC) UDP answer over TCP with the same server. The rcode
/// is left for the caller to read from the response: `pfcode` is set so that SERVFAIL,
/// REFUSED and NOTIMP answers come back as answers (glibc otherwise turns them into -1,
/// indistinguishable from an unreachable server) — the one flag glibc documents for that,
/// used by dig.
static inline int eventsuggest_res_send(
    const unsigned char *query, int query_length,
    const char *server_address, unsigned short port,
    int timeout_seconds, int attempts,
    unsigned char *answer, int answer_size,
    int *error_out)
{
    *error_out = 0;
    struct in_addr address;
    struct in6_addr address6;
    int family = 0;
    if (server_address != NULL) {
        if (inet_pton(AF_INET, server_address, &address) == 1) {
            family = AF_INET;
        } else if (inet_pton(AF_INET6, server_address, &address6) == 1) {
            family = AF_INET6;
        } else {
            *error_out = EINVAL;
            return -1;
        }
    }

    struct __res_state state;
    memset(&state, 0, sizeof state);
    if (res_ninit(&state) != 0) {
        // Nothing to close: a failed res_ninit may leave the state untouched (its socket
        // fields still 0, which res_nclose would take for descriptors).
        *error_out = errno != 0 ? errno : ENOMEM;
        return -1;
    }
    if (family == AF_INET) {
        memset(&state.nsaddr_list[0], 0, sizeof state.nsaddr_list[0]);
        state.nsaddr_list[0].sin_family = AF_INET;
        state.nsaddr_list[0].sin_port = htons(port);
        state.nsaddr_list[0].sin_addr = address;
        state.nscount = 1;
    } else if (family == AF_INET6) {
        struct sockaddr_in6 *server6 = calloc(1, sizeof *server6);
        if (server6 == NULL) {
            res_nclose(&state);
            *error_out = ENOMEM;
            return -1;
        }
        server6->sin6_family = AF_INET6;
        server6->sin6_port = htons(port);
        server6->sin6_addr = address6;
        free(state._u._ext.nsaddrs[0]);   // one res_ninit may have read from resolv.conf
        state._u._ext.nsaddrs[0] = server6;
        memset(&state.nsaddr_list[0], 0, sizeof state.nsaddr_list[0]);   // sin_family 0: use nsaddrs[0]
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

/// Writes the canonical text of the IPv6 address `text` (RFC 5952, as inet_ntop gives it)
/// into `out`; returns 0, or -1 when `text` is not an IPv6 address.
static inline int eventsuggest_canonical_ipv6(const char *text, char *out, int out_size) {
    struct in6_addr address;
    if (inet_pton(AF_INET6, text, &address) != 1) return -1;
    return inet_ntop(AF_INET6, &address, out, (socklen_t)out_size) != NULL ? 0 : -1;
}

#endif
