using System.Buffers;
using NFX.IO;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>Where a <see cref="SlimWriter"/> writes.</summary>
public enum WriterShape
{
    /// <summary>The writer's own pooled buffer, started tiny so it must grow.</summary>
    Pooled,

    /// <summary>A pooled writer that wrote something else first and was reset.</summary>
    PooledReused,

    /// <summary>A BCL <see cref="ArrayBufferWriter{T}"/>.</summary>
    ArrayBufferWriter,

    /// <summary>An IBufferWriter handing out small separate arrays.</summary>
    SmallArraySegments,

    /// <summary>An IBufferWriter handing out small memory that is not array-backed.</summary>
    SmallNativeSegments,

    /// <summary>A <see cref="MemoryStream"/>.</summary>
    Stream,
}

/// <summary>What a <see cref="SlimReader"/> reads from.</summary>
public enum ReaderShape
{
    /// <summary>A byte array, read in place.</summary>
    ByteArray,

    /// <summary>A slice in the middle of a larger array (non-zero start offset).</summary>
    ArraySlice,

    /// <summary>A span, copied by the reader.</summary>
    SpanCopy,

    /// <summary>A ReadOnlySequence of many tiny segments.</summary>
    MultiSegmentSequence,

    /// <summary>A non-seekable stream that returns one byte per Read call.</summary>
    OneByteStream,
}

/// <summary>Runs a write action against every writer shape, and opens readers of every shape.</summary>
public static class BufferShapes
{
    /// <summary>Every writer shape.</summary>
    public static IEnumerable<WriterShape> Writers => Enum.GetValues<WriterShape>();

    /// <summary>Every reader shape.</summary>
    public static IEnumerable<ReaderShape> Readers => Enum.GetValues<ReaderShape>();

    /// <summary>Writes with <paramref name="write"/> into a writer of the given shape and returns the bytes.</summary>
    public static byte[] Write(WriterShape shape, Action<SlimWriter> write)
    {
        switch (shape)
        {
            case WriterShape.Pooled:
            {
                using var writer = new SlimWriter(1);
                write(writer);
                Assert.That(writer.Position, Is.EqualTo(writer.WrittenSpan.Length));
                return writer.ToArray();
            }
            case WriterShape.PooledReused:
            {
                using var writer = new SlimWriter(1);
                writer.WriteString(new string('x', 5000));
                writer.Reset();
                write(writer);
                return writer.ToArray();
            }
            case WriterShape.ArrayBufferWriter:
            {
                var output = new ArrayBufferWriter<byte>(1);
                using var writer = new SlimWriter(output);
                write(writer);
                writer.Flush();
                Assert.That(writer.Position, Is.EqualTo(output.WrittenCount));
                return output.WrittenSpan.ToArray();
            }
            case WriterShape.SmallArraySegments:
            case WriterShape.SmallNativeSegments:
            {
                var output = new SegmentedBufferWriter(nativeMemory: shape == WriterShape.SmallNativeSegments);
                using var writer = new SlimWriter(output);
                write(writer);
                writer.Flush();
                Assert.That(writer.Position, Is.EqualTo(output.WrittenCount));
                return output.ToArray();
            }
            case WriterShape.Stream:
            {
                using var stream = new MemoryStream();
                using var writer = new SlimWriter(stream);
                write(writer);
                writer.Flush();
                Assert.That(writer.Position, Is.EqualTo(stream.Length));
                return stream.ToArray();
            }
            default:
                throw new ArgumentOutOfRangeException(nameof(shape));
        }
    }

    /// <summary>Opens a reader of the given shape over <paramref name="bytes"/>.</summary>
    public static SlimReader Open(ReaderShape shape, byte[] bytes)
    {
        switch (shape)
        {
            case ReaderShape.ByteArray:
                return new SlimReader(bytes);
            case ReaderShape.ArraySlice:
            {
                byte[] padded = new byte[bytes.Length + 10];
                padded.AsSpan().Fill(0xEE);
                bytes.CopyTo(padded, 7);
                var reader = new SlimReader();
                reader.Reset(padded, 7, bytes.Length);
                return reader;
            }
            case ReaderShape.SpanCopy:
                return new SlimReader((ReadOnlySpan<byte>)bytes);
            case ReaderShape.MultiSegmentSequence:
                return new SlimReader(SplitIntoSequence(bytes));
            case ReaderShape.OneByteStream:
                return new SlimReader(new OneByteStream(bytes));
            default:
                throw new ArgumentOutOfRangeException(nameof(shape));
        }
    }

    /// <summary>Splits <paramref name="bytes"/> into segments of 1, 2, 3, 5 and 7 bytes in turn.</summary>
    public static ReadOnlySequence<byte> SplitIntoSequence(byte[] bytes) => NFX.Tests.Support.Sequences.Split(bytes, 1, 2, 3, 5, 7);
}
