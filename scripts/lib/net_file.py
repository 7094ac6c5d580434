"""The networks' file format (src/nn/net_file.h) for the trainers (train_nnue.py, train_human_model.py):
read and write; `from lib.net_file import read_net, write_net`.

  "SPNN"  u32 version (1)  char arch[32]  u32 tensor count
  per tensor: char name[16]  u32 dtype (0 float32, 1 float16, 2 int16, 3 int32)  u32 rank  u32 shape[4]  data
  u64 FNV-1a 64 checksum of every byte before it
"""
import struct

DTYPES = {0: "<f4", 1: "<f2", 2: "<i2", 3: "<i4"}  # numpy dtypes; the last digit is the size in bytes


def fnv1a64(data):
    """FNV-1a 64 over bytes (a few seconds for a few MB in Python; it runs once per export)."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_net(path, arch, tensors):
    """tensors: (name, numpy array, dtype code) in file order; arrays are converted to the dtype."""
    import numpy as np  # here, so the format and its checksum need the standard library only

    body = bytearray(b"SPNN" + struct.pack("<I", 1) + arch.encode().ljust(32, b"\0") + struct.pack("<I", len(tensors)))
    for name, a, dtype in tensors:
        a = np.ascontiguousarray(a).astype(DTYPES[dtype])
        shape = list(a.shape) + [1] * (4 - a.ndim)
        body += name.encode().ljust(16, b"\0") + struct.pack("<II4I", dtype, a.ndim, *shape) + a.tobytes()
    body += struct.pack("<Q", fnv1a64(bytes(body)))
    with open(path, "wb") as f:
        f.write(body)


def read_net(path):
    """(arch, {name: numpy array in its stored type}); asserts the magic and the checksum."""
    import numpy as np  # here, so the format and its checksum need the standard library only

    raw = open(path, "rb").read()
    assert raw[:4] == b"SPNN" and struct.unpack_from("<Q", raw, len(raw) - 8)[0] == fnv1a64(raw[:-8]), "bad net file"
    arch = raw[8:40].rstrip(b"\0").decode()
    (count,) = struct.unpack_from("<I", raw, 40)
    off, tensors = 44, {}
    for _ in range(count):
        name = raw[off:off + 16].rstrip(b"\0").decode()
        dtype, ndim, *shape = struct.unpack_from("<II4I", raw, off + 16)
        off += 40
        n = int(np.prod(shape))
        tensors[name] = np.frombuffer(raw, dtype=DTYPES[dtype], count=n, offset=off).reshape(shape[:ndim]).copy()
        off += n * np.dtype(DTYPES[dtype]).itemsize
    return arch, tensors
