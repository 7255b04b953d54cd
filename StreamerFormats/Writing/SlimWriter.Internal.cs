using System.Diagnostics.CodeAnalysis;
using System.Buffers;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>
    /// The pooled buffer's written bytes, writable, so a caller that reserved room at the start can patch in a header
    /// once it knows the body's length (Slim's message framing). Pooled-buffer writers only.
    /// </summary>
    internal Span<byte> WrittenBufferForPatching
    {
        get
        {
            EnsurePooledSink();
            return new Span<byte>(_buffer, 0, _pos);
        }
    }

    /// <summary>
    /// The bytes written since <paramref name="position"/> (a <see cref="Position"/> value), when they are all still in
    /// the current chunk (not yet handed to an <see cref="IBufferWriter{T}"/> or stream): lets a caller remember
    /// exactly what it just encoded.
    /// </summary>
    internal bool TryGetWrittenSince(long position, out ReadOnlySpan<byte> bytes)
    {
        long start = position - _committed - _deferredBytes;
        if (position < _lastDeferralEnd || start < 0 || start > _pos - _start)
        {
            bytes = default;
            return false;
        }
        bytes = new ReadOnlySpan<byte>(_buffer, _start + (int)start, _pos - _start - (int)start);
        return true;
    }

    /// <summary>
    /// Leaves <paramref name="count"/> bytes unwritten at the cursor for the caller to fill in later through
    /// <see cref="WrittenBufferForPatching"/> (Slim's message framing reserves room for its header this way).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void Skip(int count)
    {
        Ensure(count);
        _pos += count;
    }

    /// <summary>
    /// Starts a run of fixed-size fields written with <see cref="UnsafeRunWrites"/>: makes <paramref name="maxBytes"/> (the sum
    /// of the fields' <c>MaxBytes</c>) free and returns the position in <see cref="RunBuffer"/> where the run starts.
    /// Nothing else may write until <see cref="EndRun"/>.
    /// </summary>
    /// <remarks>For the code the NFX.Slim source generator writes.</remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int BeginRun(int maxBytes)
    {
        Ensure(maxBytes);
        return _pos;
    }

    /// <summary>The buffer a run writes into; read after <see cref="BeginRun"/>, which may have replaced it.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public byte[] RunBuffer => _buffer;

    /// <summary>
    /// Ends a run at <paramref name="pos"/>, the position the last run writer returned; a position past the buffer is
    /// refused (checked once per run, so a wrong position cannot make later writes go past the buffer).
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndRun(int pos)
    {
        if ((uint)pos > (uint)_buffer.Length)
        {
            ThrowRunPosition(pos, _buffer.Length);
        }
        _pos = pos;
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowRunPosition(int pos, int length) =>
        throw new ArgumentOutOfRangeException(nameof(pos), pos, $"A run ends inside the writer's buffer (0..{length}): the position is not one a run writer returned.");
}
