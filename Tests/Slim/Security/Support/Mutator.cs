using System.Text;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Mutations of a Slim message, aimed at what a hostile sender controls: bit flips, byte inserts and deletes, varint
/// inflation (overlong and huge encodings), handle swaps (null / new / new-with-type / back-reference values), type
/// name edits (gadgets, abstract and open types, unknown assemblies, invalid UTF-8), splices from other payloads and
/// truncation. The frame's length is usually fixed after mutating, so most inputs reach the graph reader.
/// </summary>
public static class Mutator
{
    private static readonly byte[] s_interesting = [0, 1, 2, 3, 4, 5, 0x7F, 0x80, 0xFE, 0xFF];

    /// <summary>(full name, assembly) pairs a type-name edit may put in place of a name in the payload.</summary>
    private static readonly (string Name, string Assembly)[] s_typeNames =
    [
        ("System.Data.DataSet", "System.Data.Common"), ("System.Data.DataTable", "System.Data.Common"),
        ("System.Diagnostics.ProcessStartInfo", "System.Diagnostics.Process"), ("System.IO.FileInfo", "System.Private.CoreLib"),
        ("System.IO.DirectoryInfo", "System.Private.CoreLib"), ("System.Action", "System.Private.CoreLib"),
        ("System.Func`1", "System.Private.CoreLib"), ("System.RuntimeType", "System.Private.CoreLib"), ("System.Type", "System.Private.CoreLib"),
        ("System.Threading.Thread", "System.Private.CoreLib"), ("System.IO.Stream", "System.Private.CoreLib"),
        ("System.Void", "System.Private.CoreLib"), ("System.Collections.Generic.List`1", "System.Private.CoreLib"),
        ("System.Collections.Generic.Dictionary`2", "System.Private.CoreLib"), ("System.Nullable`1", "System.Private.CoreLib"),
        ("System.Span`1", "System.Private.CoreLib"), ("System.Int32", "System.Private.CoreLib"), ("System.String", "System.Private.CoreLib"),
        ("System.Object", "System.Private.CoreLib"), ("System.Math", "System.Private.CoreLib"), ("System.Exception", "System.Private.CoreLib"),
        ("System.AggregateException", "System.Private.CoreLib"), ("System.Collections.Hashtable", "System.Private.CoreLib"),
        ("System.Lazy`1", "System.Private.CoreLib"), ("System.Text.StringBuilder", "System.Private.CoreLib"),
        ("System.IntPtr", "System.Private.CoreLib"), ("System.TypedReference", "System.Private.CoreLib"),
        ("System.Runtime.InteropServices.GCHandle", "System.Private.CoreLib"), ("System.Delegate", "System.Private.CoreLib"),
        ("System.Reflection.Emit.DynamicMethod", "System.Private.CoreLib"), ("System.Collections.Generic.KeyValuePair`2", "System.Private.CoreLib"),
        ("System.Collections.Generic.HashSet`1", "System.Private.CoreLib"), ("System.Collections.Generic.SortedList`2", "System.Collections"),
        ("System.Collections.Immutable.ImmutableList`1", "System.Collections.Immutable"), ("System.Tuple`2", "System.Private.CoreLib"),
        ("System.ValueTuple`2", "System.Private.CoreLib"), ("System.Security.Claims.ClaimsIdentity", "System.Security.Claims"),
        ("System.Net.Mail.MailMessage", "netstandard"), ("System.Diagnostics.Process", "netstandard"), ("Nope.Missing", "Evil.Assembly"),
        ("NFX.Tests.Slim.Support.Node", "NFX.Slim.Tests"), ("NFX.Tests.Slim.Support.Circle", "NFX.Slim.Tests"),
        ("NFX.Tests.Slim.Support.Animal", "NFX.Slim.Tests"), ("NFX.Tests.Security.Outside.NotAllowed", "NFX.Slim.Tests"),
        ("NFX.Tests.Security.Support.Wrapper`1", "NFX.Slim.Tests"), ("NFX.Tests.Security.Support.DerivedDataSet", "NFX.Slim.Tests"),
        ("NFX.Tests.Security.Support.InlineBox", "NFX.Slim.Tests"), ("NFX.Tests.Security.Support.ShortEnum", "NFX.Slim.Tests"),
        ("NFX.Tests.Slim.Secretive", "NFX.Slim.Tests"), ("NFX.Tests.Slim.Support.Secretive", "NFX.Slim.Tests"),
        ("System.Int32+", "System.Private.CoreLib"), ("", ""), ("System..Int32", "System.Private.CoreLib"),
    ];

    /// <summary>Returns a mutated copy of <paramref name="message"/>.</summary>
    public static byte[] Mutate(byte[] message, IReadOnlyList<CorpusEntry> corpus, Random random)
    {
        int payloadStart = Wire.PayloadStart(message);
        var header = new List<byte>(message[..payloadStart]);
        var payload = new List<byte>(message[payloadStart..]);
        int rounds = 1 + random.Next(random.Next(4) == 0 ? 8 : 3);
        for (int i = 0; i < rounds; i++)
        {
            MutateOnce(payload, corpus, random);
        }
        int frame = random.Next(20);
        if (frame < 17)
        {
            return Wire.Frame(payload.ToArray()); // a consistent frame: the mutation reaches the graph reader
        }
        if (frame < 19)
        {
            MutateOnce(header, corpus, random); // the frame itself
        }
        return [.. header, .. payload];
    }

    private static void MutateOnce(List<byte> bytes, IReadOnlyList<CorpusEntry> corpus, Random random)
    {
        int at = bytes.Count == 0 ? 0 : random.Next(bytes.Count);
        switch (random.Next(11))
        {
            case 0 when bytes.Count > 0:
                bytes[at] ^= (byte)(1 << random.Next(8));
                break;
            case 1 when bytes.Count > 0:
                bytes[at] = random.Next(3) == 0 ? (byte)random.Next(256) : s_interesting[random.Next(s_interesting.Length)];
                break;
            case 2:
                for (int n = 1 + random.Next(4); n > 0; n--)
                {
                    bytes.Insert(at, random.Next(2) == 0 ? (byte)random.Next(256) : s_interesting[random.Next(s_interesting.Length)]);
                }
                break;
            case 3 when bytes.Count > 0:
                bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(8)));
                break;
            case 4:
                InflateVarInt(bytes, random);
                break;
            case 5:
            case 6:
                SwapHandles(bytes, random);
                break;
            case 7:
                EditTypeName(bytes, random);
                break;
            case 8:
                Splice(bytes, corpus, random);
                break;
            case 9 when bytes.Count > 1:
                bytes.RemoveRange(at, bytes.Count - at); // truncation
                break;
            default:
                if (bytes.Count > 0)
                {
                    int length = Math.Min(bytes.Count - at, 1 + random.Next(16));
                    bytes.InsertRange(at, bytes.GetRange(at, length)); // a repeated chunk
                }
                break;
        }
    }

    /// <summary>Re-encodes a small value at a random varint start as an overlong, huge or over-long-by-one encoding.</summary>
    private static void InflateVarInt(List<byte> bytes, Random random)
    {
        if (bytes.Count == 0)
        {
            return;
        }
        int at = random.Next(bytes.Count);
        for (int tries = 0; tries < 8 && bytes[at] >= 0x80; tries++)
        {
            at = random.Next(bytes.Count);
        }
        byte value = (byte)(bytes[at] & 0x7F);
        byte[] replacement = random.Next(5) switch
        {
            0 => [(byte)(value | 0x80), 0x80, 0x80, 0x80, 0x00],           // overlong but in range
            1 => [0xFF, 0xFF, 0xFF, 0xFF, 0x0F],                           // uint.MaxValue
            2 => [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],                     // too long for 32 bits
            3 => [0x80, 0x80, 0x80, 0x80, 0x08],                           // 2^31: past int.MaxValue
            _ => [(byte)(0x80 | random.Next(128)), (byte)(0x80 | random.Next(128)), (byte)random.Next(1, 128)], // up to 2^21
        };
        bytes.RemoveAt(at);
        bytes.InsertRange(at, replacement);
    }

    /// <summary>Swaps two small values (handles are 0..3 plus pool indexes) or rewrites one as another handle kind.</summary>
    private static void SwapHandles(List<byte> bytes, Random random)
    {
        var small = new List<int>();
        for (int i = 0; i < bytes.Count; i++)
        {
            if (bytes[i] < 24)
            {
                small.Add(i);
            }
        }
        if (small.Count < 2)
        {
            return;
        }
        int a = small[random.Next(small.Count)], b = small[random.Next(small.Count)];
        if (random.Next(2) == 0)
        {
            (bytes[a], bytes[b]) = (bytes[b], bytes[a]);
        }
        else
        {
            bytes[a] = (byte)random.Next(8);
        }
    }

    /// <summary>Replaces a length-prefixed name-like string (or its assembly) with another, fixing the prefix.</summary>
    private static void EditTypeName(List<byte> bytes, Random random)
    {
        var names = new List<(int Prefix, int Length)>();
        for (int i = 0; i + 1 < bytes.Count; i++)
        {
            int length = bytes[i] - 1;
            if (length is >= 3 and < 126 && i + 1 + length <= bytes.Count && LooksLikeName(bytes, i + 1, length))
            {
                names.Add((i, length));
            }
        }
        if (names.Count == 0)
        {
            return;
        }
        (int prefix, int oldLength) = names[random.Next(names.Count)];
        (string name, string assembly) = s_typeNames[random.Next(s_typeNames.Length)];
        byte[] replacement = random.Next(12) switch
        {
            0 => [0xC3, 0x28, 0x2E, 0xFF],                       // invalid UTF-8
            1 => Encoding.UTF8.GetBytes(new string('A', 120)),  // long and unknown
            _ => Encoding.UTF8.GetBytes(random.Next(3) == 0 ? assembly : name),
        };
        bytes.RemoveRange(prefix, 1 + oldLength);
        bytes.InsertRange(prefix, [(byte)(replacement.Length + 1), .. replacement]);
    }

    private static bool LooksLikeName(List<byte> bytes, int start, int length)
    {
        bool dot = false;
        for (int i = start; i < start + length; i++)
        {
            byte b = bytes[i];
            if (b == '.')
            {
                dot = true;
            }
            else if (!(b is >= (byte)'A' and <= (byte)'Z' or >= (byte)'a' and <= (byte)'z' or >= (byte)'0' and <= (byte)'9' or (byte)'`' or (byte)'+' or (byte)'_'))
            {
                return false;
            }
        }
        return dot;
    }

    private static void Splice(List<byte> bytes, IReadOnlyList<CorpusEntry> corpus, Random random)
    {
        byte[] other = corpus[random.Next(corpus.Count)].Bytes;
        int from = random.Next(other.Length);
        int length = Math.Min(other.Length - from, 1 + random.Next(32));
        int at = bytes.Count == 0 ? 0 : random.Next(bytes.Count);
        if (random.Next(2) == 0 && at + length <= bytes.Count)
        {
            bytes.RemoveRange(at, length);
        }
        bytes.InsertRange(at, other.AsSpan(from, length).ToArray());
    }
}
