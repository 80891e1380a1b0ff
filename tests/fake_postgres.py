"""A stand-in PostgreSQL server that asks for a password and always refuses it.

The test server trusts every connection, so a wrong password cannot be shown against it; this
speaks just enough of the wire protocol (SSL/GSS refusal, startup, cleartext password request,
an ErrorResponse with SQLSTATE 28P01) for libpq to report what a real server would.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SSL_REQUEST = 80877103
GSS_REQUEST = 80877104


def _read_exact(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ConnectionError("client went away")
        data += chunk
    return data


def _serve(conn: socket.socket) -> None:
    with conn:
        while True:
            length, code = struct.unpack("!ii", _read_exact(conn, 8))
            if code in (SSL_REQUEST, GSS_REQUEST):
                conn.sendall(b"N")  # no encryption: go on in clear
                continue
            body = _read_exact(conn, length - 8)
            break
        params = body.split(b"\0")
        user = params[params.index(b"user") + 1].decode() if b"user" in params else "postgres"
        conn.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
        kind = _read_exact(conn, 1)
        (size,) = struct.unpack("!i", _read_exact(conn, 4))
        _read_exact(conn, size - 4)
        assert kind == b"p"
        fields = (
            b"SFATAL\0VFATAL\0C28P01\0"
            + f'Mpassword authentication failed for user "{user}"\0'.encode()
            + b"\0"
        )
        conn.sendall(b"E" + struct.pack("!i", len(fields) + 4) + fields)


@contextmanager
def refusing_server() -> Iterator[int]:
    """A server on 127.0.0.1 that refuses every password; yields its port."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=_handle, args=(conn,), daemon=True).start()

    def _handle(conn: socket.socket) -> None:
        try:
            _serve(conn)
        except (ConnectionError, OSError, AssertionError, struct.error):
            pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        stop.set()
        thread.join(timeout=2)
        listener.close()


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
