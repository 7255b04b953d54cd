using System.Runtime.InteropServices;

namespace NFX.Perf.Contenders;

/// <summary>Stream helpers for the stream-based contenders: one reused output stream, no copy on input.</summary>
internal static class ReusableStream
{
    public static MemoryStream Reset(MemoryStream stream)
    {
        stream.Position = 0;
        stream.SetLength(0);
        return stream;
    }

    public static ReadOnlyMemory<byte> Written(MemoryStream stream) => new(stream.GetBuffer(), 0, checked((int)stream.Length));

    public static MemoryStream Over(ReadOnlyMemory<byte> payload) =>
        MemoryMarshal.TryGetArray(payload, out ArraySegment<byte> segment)
            ? new MemoryStream(segment.Array!, segment.Offset, segment.Count, writable: false)
            : new MemoryStream(payload.ToArray(), writable: false);
}
