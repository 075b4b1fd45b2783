"""A small ctypes binding to libopendkim (OpenDKIM 2.11, Debian's libopendkim11).

Why not `opendkim-testmsg`: it verifies by querying DNS through the system resolver
and has no option to take keys from a file or another server; its signer stamps t=
from the real clock. The library itself offers both offline: DKIM_OPTS_QUERYMETHOD =
DKIM_QUERY_FILE with DKIM_OPTS_QUERYINFO = a file of `selector._domainkey.domain
key-record` lines (the same format as `eventsuggest --keys`; see dkim_get_key_file in
libopendkim/dkim-keys.c), and DKIM_OPTS_FIXEDTIME for the clock. opendkim-testmsg is a
thin wrapper around the same calls (dkim_verify, dkim_chunk, dkim_eom).

Constants are from libopendkim/dkim.h of OpenDKIM 2.11.
"""

import ctypes
import ctypes.util
import time

DKIM_OP_GETOPT = 0
DKIM_OP_SETOPT = 1
DKIM_OPTS_FLAGS = 0
DKIM_OPTS_QUERYMETHOD = 6
DKIM_OPTS_QUERYINFO = 7
DKIM_OPTS_FIXEDTIME = 8
DKIM_OPTS_CLOCKDRIFT = 12
DKIM_LIBFLAGS_FIXCRLF = 0x100
DKIM_QUERY_FILE = 1
DKIM_STAT_OK = 0
DKIM_STAT_NOSIG = 2
DKIM_SIGFLAG_PASSED = 0x04
DKIM_SIGBH_MATCH = 0
DKIM_CANON = {"simple": 0, "relaxed": 1}
DKIM_SIGN = {"rsa-sha1": 0, "rsa-sha256": 1, "ed25519-sha256": 2}

_P = ctypes.c_void_p


class OpenDKIMUnavailable(Exception):
    pass


def _load():
    name = ctypes.util.find_library("opendkim") or "libopendkim.so.11"
    try:
        lib = ctypes.CDLL(name)
    except OSError as error:
        raise OpenDKIMUnavailable("cannot load libopendkim (%s): install opendkim-tools" % error)
    lib.dkim_init.restype = _P
    lib.dkim_init.argtypes = [_P, _P]
    lib.dkim_close.argtypes = [_P]
    lib.dkim_options.argtypes = [_P, ctypes.c_int, ctypes.c_int, _P, ctypes.c_size_t]
    lib.dkim_verify.restype = _P
    lib.dkim_verify.argtypes = [_P, ctypes.c_char_p, _P, ctypes.POINTER(ctypes.c_int)]
    lib.dkim_sign.restype = _P
    lib.dkim_sign.argtypes = [_P, ctypes.c_char_p, _P, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                              ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ssize_t,
                              ctypes.POINTER(ctypes.c_int)]
    lib.dkim_chunk.argtypes = [_P, ctypes.c_char_p, ctypes.c_size_t]
    lib.dkim_eom.argtypes = [_P, _P]
    lib.dkim_free.argtypes = [_P]
    lib.dkim_geterror.argtypes = [_P]
    lib.dkim_geterror.restype = ctypes.c_char_p
    lib.dkim_getresultstr.argtypes = [ctypes.c_int]
    lib.dkim_getresultstr.restype = ctypes.c_char_p
    lib.dkim_getsiglist.argtypes = [_P, ctypes.POINTER(ctypes.POINTER(_P)), ctypes.POINTER(ctypes.c_int)]
    lib.dkim_getsighdr_d.argtypes = [_P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p),
                                     ctypes.POINTER(ctypes.c_size_t)]
    lib.dkim_sig_getflags.argtypes = [_P]
    lib.dkim_sig_getflags.restype = ctypes.c_uint
    lib.dkim_sig_getbh.argtypes = [_P]
    lib.dkim_sig_geterror.argtypes = [_P]
    lib.dkim_sig_geterrorstr.argtypes = [ctypes.c_int]
    lib.dkim_sig_geterrorstr.restype = ctypes.c_char_p
    lib.dkim_sig_gettagvalue.argtypes = [_P, ctypes.c_bool, ctypes.c_char_p]
    lib.dkim_sig_gettagvalue.restype = ctypes.c_char_p
    return lib


class OpenDKIM:
    """One library handle: keys from `keys_file` (verifying), the clock at `now`.

    DKIM_OPTS_FIXEDTIME only sets t= when signing; the x= check (dkim_sig_expired in
    libopendkim/dkim.c) reads time() and is expired iff time() >= x + drift. With
    drift = time() - now that is x <= now: expiry judged at `now`, as the other verifiers
    do (the t=-in-the-future check only gets more lenient). DKIM_LIBFLAGS_FIXCRLF lets
    libopendkim read LF-only messages (the milter always gets CRLF).
    """

    def __init__(self, now, keys_file=None):
        self.lib = _load()
        self.handle = self.lib.dkim_init(None, None)
        if not self.handle:
            raise OpenDKIMUnavailable("dkim_init() failed")
        fixed = ctypes.c_uint64(int(now))
        self._set(DKIM_OPTS_FIXEDTIME, ctypes.byref(fixed), ctypes.sizeof(fixed))
        drift = ctypes.c_uint64(max(300, int(time.time()) - int(now)))
        self._set(DKIM_OPTS_CLOCKDRIFT, ctypes.byref(drift), ctypes.sizeof(drift))
        flags = ctypes.c_uint32(0)
        if self.lib.dkim_options(self.handle, DKIM_OP_GETOPT, DKIM_OPTS_FLAGS, ctypes.byref(flags),
                                 ctypes.sizeof(flags)) != DKIM_STAT_OK:
            raise OpenDKIMUnavailable("dkim_options(GETOPT, FLAGS) failed")
        flags.value |= DKIM_LIBFLAGS_FIXCRLF
        self._set(DKIM_OPTS_FLAGS, ctypes.byref(flags), ctypes.sizeof(flags))
        if keys_file is not None:
            method = ctypes.c_int(DKIM_QUERY_FILE)
            self._set(DKIM_OPTS_QUERYMETHOD, ctypes.byref(method), ctypes.sizeof(method))
            self._path = ctypes.create_string_buffer(keys_file.encode())
            self._set(DKIM_OPTS_QUERYINFO, self._path, len(self._path.value))

    def _set(self, option, pointer, size):
        status = self.lib.dkim_options(self.handle, DKIM_OP_SETOPT, option, pointer, size)
        if status != DKIM_STAT_OK:
            raise OpenDKIMUnavailable("dkim_options(%d) failed with status %d" % (option, status))

    def close(self):
        if self.handle:
            self.lib.dkim_close(self.handle)
            self.handle = None

    def verify(self, message):
        """[(passed, description, b_value)] per DKIM-Signature, in libopendkim's order."""
        lib = self.lib
        status = ctypes.c_int(0)
        dkim = lib.dkim_verify(self.handle, b"crosscheck", None, ctypes.byref(status))
        if not dkim:
            raise OpenDKIMUnavailable("dkim_verify() failed: %d" % status.value)
        try:
            lib.dkim_chunk(dkim, message, len(message))
            lib.dkim_chunk(dkim, None, 0)
            result = lib.dkim_eom(dkim, None)
            signatures = ctypes.POINTER(_P)()
            count = ctypes.c_int(0)
            if lib.dkim_getsiglist(dkim, ctypes.byref(signatures), ctypes.byref(count)) != DKIM_STAT_OK:
                return []
            results = []
            for index in range(count.value):
                signature = signatures[index]
                flags = lib.dkim_sig_getflags(signature)
                bodyhash = lib.dkim_sig_getbh(signature)
                passed = bool(flags & DKIM_SIGFLAG_PASSED) and bodyhash == DKIM_SIGBH_MATCH
                error = lib.dkim_sig_geterrorstr(lib.dkim_sig_geterror(signature)) or b"?"
                why = "pass" if passed else "fail (%s; bh %s; eom %s)" % (
                    error.decode(errors="replace"),
                    {0: "match", 1: "mismatch"}.get(bodyhash, "untested"),
                    (lib.dkim_getresultstr(result) or b"?").decode(errors="replace"))
                b_value = lib.dkim_sig_gettagvalue(signature, False, b"b") or b""
                results.append((passed, why, b"".join(b_value.split())))
            return results
        finally:
            lib.dkim_free(dkim)

    def sign(self, message, key_pem, selector, domain, canonicalization="relaxed/relaxed",
             algorithm="rsa-sha256", length=-1):
        """The DKIM-Signature field (CRLF-terminated) libopendkim makes for `message`."""
        lib = self.lib
        header, body = canonicalization.split("/")
        status = ctypes.c_int(0)
        dkim = lib.dkim_sign(self.handle, b"crosscheck", None, key_pem, selector.encode(), domain.encode(),
                             DKIM_CANON[header], DKIM_CANON[body], DKIM_SIGN[algorithm], length,
                             ctypes.byref(status))
        if not dkim:
            raise OpenDKIMUnavailable("dkim_sign() failed: %d" % status.value)
        try:
            lib.dkim_chunk(dkim, message, len(message))
            lib.dkim_chunk(dkim, None, 0)
            result = lib.dkim_eom(dkim, None)
            if result != DKIM_STAT_OK:
                raise OpenDKIMUnavailable("dkim_eom() failed: %s (%s)" % (
                    lib.dkim_getresultstr(result), lib.dkim_geterror(dkim)))
            buffer = ctypes.c_char_p()
            size = ctypes.c_size_t(0)
            prefix = b"DKIM-Signature: "
            if lib.dkim_getsighdr_d(dkim, len(prefix), ctypes.byref(buffer), ctypes.byref(size)) != DKIM_STAT_OK:
                raise OpenDKIMUnavailable("dkim_getsighdr_d() failed")
            value = ctypes.string_at(buffer, size.value)
            value = value.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
            return prefix + value + b"\r\n"
        finally:
            lib.dkim_free(dkim)
