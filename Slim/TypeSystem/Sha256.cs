using System.Buffers.Binary;
using System.Numerics;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// SHA-256 (FIPS 180-4) in managed code, for the layout fingerprints. The digest is the platform's
/// (<c>System.Security.Cryptography.SHA256</c>, pinned by a test); the reason for a copy is the first call: the platform's
/// hash loads and initializes OpenSSL on Linux, which cost a fresh process more than the rest of its first message
/// (NativeAOT and JIT alike), to hash a few hundred bytes of layout text per type.
/// </summary>
internal static class Sha256
{
    /// <summary>The digest length in bytes.</summary>
    public const int HashSizeInBytes = 32;

    private static readonly uint[] s_roundConstants =
    [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];

    /// <summary>Writes the SHA-256 digest of <paramref name="source"/> to the first 32 bytes of <paramref name="destination"/>.</summary>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (destination.Length < HashSizeInBytes)
        {
            throw new ArgumentException($"The destination holds {destination.Length} bytes; a SHA-256 digest needs {HashSizeInBytes}.", nameof(destination));
        }
        // Arrays, not stackalloc: a method with loops and stackalloc cannot start at tier 0 (no on-stack replacement), so
        // the JIT fully optimized this one at a fresh process's first call, the costliest compile of it; a hash runs once
        // per type.
        Span<uint> state = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        Span<uint> schedule = new uint[64];
        int whole = source.Length & ~63;
        for (int offset = 0; offset < whole; offset += 64)
        {
            Compress(state, schedule, source.Slice(offset, 64));
        }
        // The padding: 0x80, zeros, then the message length in bits (big-endian) closing a block; one or two blocks.
        Span<byte> tail = new byte[128];
        ReadOnlySpan<byte> rest = source[whole..];
        rest.CopyTo(tail);
        tail[rest.Length] = 0x80;
        int tailLength = rest.Length + 9 <= 64 ? 64 : 128;
        BinaryPrimitives.WriteUInt64BigEndian(tail.Slice(tailLength - 8, 8), (ulong)source.Length * 8);
        for (int offset = 0; offset < tailLength; offset += 64)
        {
            Compress(state, schedule, tail.Slice(offset, 64));
        }
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(i * 4, 4), state[i]);
        }
    }

    private static void Compress(Span<uint> state, Span<uint> w, ReadOnlySpan<byte> block)
    {
        for (int i = 0; i < 16; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(i * 4, 4));
        }
        for (int i = 16; i < 64; i++)
        {
            uint s0 = BitOperations.RotateRight(w[i - 15], 7) ^ BitOperations.RotateRight(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint s1 = BitOperations.RotateRight(w[i - 2], 17) ^ BitOperations.RotateRight(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
        uint[] k = s_roundConstants;
        for (int i = 0; i < 64; i++)
        {
            uint sum1 = BitOperations.RotateRight(e, 6) ^ BitOperations.RotateRight(e, 11) ^ BitOperations.RotateRight(e, 25);
            uint choose = (e & f) ^ (~e & g);
            uint t1 = h + sum1 + choose + k[i] + w[i];
            uint sum0 = BitOperations.RotateRight(a, 2) ^ BitOperations.RotateRight(a, 13) ^ BitOperations.RotateRight(a, 22);
            uint majority = (a & b) ^ (a & c) ^ (b & c);
            uint t2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }
}
