using System.Buffers.Binary;
using System.Numerics;
using System.Text;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// SHA-256 (FIPS 180-4) of a layout text, in managed code. The fingerprint's definition is SHA-256 (docs/FORMAT.md);
/// this computes the same digest as <see cref="System.Security.Cryptography.SHA256"/> without its first-call cost: on
/// Linux the platform hash loads and initializes OpenSSL, ~3.6 ms of a fresh process's first Serialize, and of a
/// NativeAOT app's, for a few short texts per type. Not for security: layout texts are not secret and the hash is only
/// compared, never trusted. Tests compare it with the platform's SHA-256 on every length around the block boundaries.
/// </summary>
internal static class LayoutHash
{
    private static readonly uint[] s_k =
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

    /// <summary>The SHA-256 digest of the UTF-8 bytes of <paramref name="text"/>.</summary>
    public static byte[] Sha256(string text) => Sha256(Encoding.UTF8.GetBytes(text));

    /// <summary>The SHA-256 digest of <paramref name="message"/>.</summary>
    public static byte[] Sha256(ReadOnlySpan<byte> message)
    {
        Span<uint> state = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        Span<uint> w = stackalloc uint[64];
        int whole = message.Length / 64 * 64;
        for (int at = 0; at < whole; at += 64)
        {
            Compress(state, message.Slice(at, 64), w);
        }
        // The tail, the 0x80 marker and the bit length: one block, or two when the tail leaves no room for the length.
        Span<byte> last = stackalloc byte[128];
        int tail = message.Length - whole;
        message[whole..].CopyTo(last);
        last[tail] = 0x80;
        int blocks = tail + 9 <= 64 ? 64 : 128;
        BinaryPrimitives.WriteUInt64BigEndian(last.Slice(blocks - 8), (ulong)message.Length * 8);
        for (int at = 0; at < blocks; at += 64)
        {
            Compress(state, last.Slice(at, 64), w);
        }
        var digest = new byte[32];
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(digest.AsSpan(i * 4), state[i]);
        }
        return digest;
    }

    private static void Compress(Span<uint> state, ReadOnlySpan<byte> block, Span<uint> w)
    {
        for (int t = 0; t < 16; t++)
        {
            w[t] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(t * 4));
        }
        for (int t = 16; t < 64; t++)
        {
            uint s0 = BitOperations.RotateRight(w[t - 15], 7) ^ BitOperations.RotateRight(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint s1 = BitOperations.RotateRight(w[t - 2], 17) ^ BitOperations.RotateRight(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++)
        {
            uint t1 = h + (BitOperations.RotateRight(e, 6) ^ BitOperations.RotateRight(e, 11) ^ BitOperations.RotateRight(e, 25))
                + ((e & f) ^ (~e & g)) + s_k[t] + w[t];
            uint t2 = (BitOperations.RotateRight(a, 2) ^ BitOperations.RotateRight(a, 13) ^ BitOperations.RotateRight(a, 22))
                + ((a & b) ^ (a & c) ^ (b & c));
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
