using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Framing;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

public sealed partial class SlimSerializer
{
    /// <summary>Writes <paramref name="root"/> and everything it references into a new array.</summary>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be serialized (the message names where).</exception>
    public byte[] Serialize(object? root)
    {
        WriteSession session = RentWriteSession();
        try
        {
            int start = WriteMessage(session, root);
            SlimWriter writer = session.Writer;
            // Every byte is overwritten by the copy: skip zeroing the new array (it counts on large messages).
            byte[] result = GC.AllocateUninitializedArray<byte>((int)writer.MessageLength(start));
            writer.CopyMessageTo(start, result);
            return result;
        }
        finally
        {
            ReturnWriteSession(session);
        }
    }

    /// <summary>Writes one message to <paramref name="stream"/>; several messages may follow one another on a stream.</summary>
    public void Serialize(Stream stream, object? root)
    {
        ArgumentNullException.ThrowIfNull(stream);
        WriteSession session = RentWriteSession();
        try
        {
            int start = WriteMessage(session, root);
            session.Writer.WriteMessageTo(start, stream);
        }
        finally
        {
            ReturnWriteSession(session);
        }
    }

    /// <summary>Writes one message to <paramref name="writer"/>.</summary>
    public void Serialize(IBufferWriter<byte> writer, object? root)
    {
        ArgumentNullException.ThrowIfNull(writer);
        WriteSession session = RentWriteSession();
        try
        {
            int start = WriteMessage(session, root);
            session.Writer.WriteMessageTo(start, writer);
        }
        finally
        {
            ReturnWriteSession(session);
        }
    }

    /// <summary>
    /// Writes header + payload into the session's pooled buffer: room for the largest header is reserved first and the
    /// real header is written right before the payload once its length is known, so nothing is copied. Large primitive
    /// arrays stay where they are (the writer defers them) and are copied once, straight into the destination.
    /// Returns the buffer offset where the message starts.
    /// </summary>
    private int WriteMessage(WriteSession session, object? root)
    {
        SlimWriter writer = session.Writer;
        TypeRegistry registry = _batchWriteRegistry ?? session.OwnRegistry;
        int registryCount = registry.Count;
        // The first attempt trusts that no garbage collection moves the objects while they are looked up by address,
        // and checks it at the end: in the rare message a collection interrupts, the second attempt checks every lookup.
        bool @unchecked = !session.CheckNextMessage;
        session.CheckNextMessage = false;
        while (true)
        {
            writer.Reset();
            writer.DeferLargeArrays = true;
            writer.Skip(MessageHeader.MaxSize);
            WriteAttempt attempt = TryWriteGraph(session, root, registry, registryCount, @unchecked);
            if (attempt == WriteAttempt.Written)
            {
                break;
            }
            session.Clear();
            if (attempt == WriteAttempt.Collected)
            {
                session.CheckNextMessage = true;
                @unchecked = false;
                Interlocked.Increment(ref _writesRepeated);
            }
            // Else program code was due in a message written by raw addresses: again, unchecked, with object keys.
        }
        Span<byte> buffer = writer.WrittenBufferForPatching;
        long payload = writer.MessageLength(MessageHeader.MaxSize);
        // A message this serializer's own reader would refuse is refused here, where the fix is still the writer's choice.
        if (payload > Options.Limits.MaxMessageBytes || session.ObjectCount > Options.Limits.MaxObjects)
        {
            if (_batchWriteRegistry is not null)
            {
                registry.Truncate(registryCount);
            }
            SlimThrow.OverLimitOnWrite(payload, session.ObjectCount, Options.Limits);
        }
        return MessageHeader.WriteBefore(buffer, MessageHeader.MaxSize, (int)payload, (byte)Options.WriteFormatVersion,
            _batchWriteRegistry is null ? (byte)0 : MessageHeader.FlagBatch);
    }

    /// <summary>How an attempt at a message's graph ended (see <see cref="TryWriteGraph"/>).</summary>
    private enum WriteAttempt : byte
    {
        Written,
        /// <summary>A collection interrupted the unchecked attempt: written again, checked.</summary>
        Collected,
        /// <summary>Program code was due in an attempt by raw addresses (<see cref="ObjectKeysNeededException"/>): written again with object keys.</summary>
        ObjectKeysNeeded,
    }

    /// <summary>
    /// One attempt at the message's graph: not <see cref="WriteAttempt.Written"/> when the unchecked attempt is to be made
    /// again (nothing of it counts: the registry is as it was, and the caller writes it again); a failure is wrapped as
    /// the public API promises.
    /// </summary>
    private WriteAttempt TryWriteGraph(WriteSession session, object? root, TypeRegistry registry, int registryCount, bool @unchecked)
    {
        try
        {
            session.WriteGraph(root, registry, @unchecked);
            return WriteAttempt.Written;
        }
        catch (Exception e)
        {
            if (_batchWriteRegistry is not null)
            {
                registry.Truncate(registryCount); // the reader never sees this attempt: forget what it taught
            }
            // An error met after a collection interrupted the unchecked attempt may be an object missed at the address it
            // had (taken for a new one: met twice, a cycle where there is none): only the checked attempt's error counts.
            if (@unchecked && (e is CollectionDuringMessageException || session.UncheckedWriteInDoubt))
            {
                return WriteAttempt.Collected;
            }
            if (e is ObjectKeysNeededException)
            {
                return WriteAttempt.ObjectKeysNeeded;
            }
            if (e is SlimUnsupportedMemberException unsupported && root is not null)
            {
                string where = unsupported.RefusedType is { } refused
                    ? GraphPath.FindFirstOf(root, refused)
                    : $"{GraphPath.Find(root, session.FailedIn)}.{unsupported.Member}";
                throw new SlimSerializationException($"{where}: {unsupported.Reason}", unsupported);
            }
            if (e is SlimException)
            {
                throw;
            }
            throw new SlimSerializationException($"Serializing a '{root?.GetType().ToString() ?? "null"}' failed: {e.Message}", e);
        }
        finally
        {
            if (_batchWriteRegistry is null)
            {
                registry.Reset();
            }
        }
    }

    private WriteSession RentWriteSession()
    {
        if (_batchWriteRegistry is not null)
        {
            if (Interlocked.Exchange(ref _batchWriteBusy, 1) != 0)
            {
                ThrowBatchWriteBusy();
            }
            // The busy flag already makes this thread the only user (its exchange is a full fence): one interlocked
            // instruction per message is enough.
            return _cachedWriteSession ?? new WriteSession(this, new TypeRegistry(_template));
        }
        return Interlocked.Exchange(ref _cachedWriteSession, null) ?? new WriteSession(this, new TypeRegistry(_template));
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowBatchWriteBusy() =>
        throw new InvalidOperationException("A Batch-mode SlimSerializer serializes one message at a time: its registry follows the message order.");

    private void ReturnWriteSession(WriteSession session)
    {
        session.Clear();
        // A plain store, not a compare-exchange: when two threads return sessions at once, one session is dropped for
        // the garbage collector, which costs less than an interlocked instruction on every message.
        Volatile.Write(ref _cachedWriteSession, session);
        if (_batchWriteRegistry is not null)
        {
            Volatile.Write(ref _batchWriteBusy, 0);
        }
    }
}
