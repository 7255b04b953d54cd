using System.Buffers;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Framing;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

public sealed partial class SlimSerializer
{
    /// <summary>Reads one message from an array, in place (no copy).</summary>
    /// <exception cref="SlimDeserializationException">The bytes are malformed, break a limit, or name a type the policy refuses.</exception>
    public object? Deserialize(byte[] bytes)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return ReadAndReturn(session, null);
    }

    /// <summary>Reads one message from an array, in place; its root must be a <typeparamref name="T"/> (or null).</summary>
    public T Deserialize<T>(byte[] bytes)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return CastRoot<T>(ReadAndReturn(session, typeof(T)));
    }

    /// <summary>Reads one message (the bytes are copied into a pooled buffer first).</summary>
    /// <exception cref="SlimDeserializationException">The bytes are malformed, break a limit, or name a type the policy refuses.</exception>
    public object? Deserialize(ReadOnlySpan<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return ReadAndReturn(session, null);
    }

    /// <summary>Reads one message; array-backed memory (a <c>byte[]</c>) is read in place, without a copy.</summary>
    public object? Deserialize(ReadOnlyMemory<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return ReadAndReturn(session, null);
    }

    /// <summary>Reads one message; a single array-backed segment is read in place.</summary>
    public object? Deserialize(ReadOnlySequence<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return ReadAndReturn(session, null);
    }

    /// <summary>Reads the next message from <paramref name="stream"/>, consuming exactly its bytes.</summary>
    public object? Deserialize(Stream stream) => ReadFromStream(stream, null);

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/> (or null).</summary>
    /// <remarks>The type policy also admits the types reachable from <typeparamref name="T"/> (docs/SECURITY.md).</remarks>
    public T Deserialize<T>(ReadOnlySpan<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return CastRoot<T>(ReadAndReturn(session, typeof(T)));
    }

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/> (or null); a <c>byte[]</c> is read in place.</summary>
    public T Deserialize<T>(ReadOnlyMemory<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return CastRoot<T>(ReadAndReturn(session, typeof(T)));
    }

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/> (or null).</summary>
    public T Deserialize<T>(ReadOnlySequence<byte> bytes)
    {
        ReadSession session = RentReadSession();
        session.Reader.Reset(bytes);
        return CastRoot<T>(ReadAndReturn(session, typeof(T)));
    }

    /// <summary>Reads the next message from <paramref name="stream"/>; its root must be a <typeparamref name="T"/> (or null).</summary>
    public T Deserialize<T>(Stream stream) => CastRoot<T>(ReadFromStream(stream, typeof(T)));

    private static T CastRoot<T>(object? root)
    {
        if (root is T value)
        {
            return value;
        }
        if (root is null && default(T) is null)
        {
            return default!;
        }
        SlimThrow.RootType(typeof(T), root?.GetType());
        return default!;
    }

    private object? ReadAndReturn(ReadSession session, Type? scope)
    {
        try
        {
            return ReadMessage(session, scope);
        }
        finally
        {
            ReturnReadSession(session);
        }
    }

    private object? ReadFromStream(Stream stream, Type? scope)
    {
        ArgumentNullException.ThrowIfNull(stream);
        byte[] payload = StreamFraming.ReadMessage(stream, Options.Limits, out int length);
        try
        {
            ReadSession session = RentReadSession();
            session.Reader.Reset(payload, 0, length);
            return ReadAndReturn(session, scope);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(payload);
        }
    }

    private object? ReadMessage(ReadSession session, Type? scope)
    {
        SlimReader reader = session.Reader;
        TypeRegistry registry = _batchReadRegistry ?? session.OwnRegistry;
        int registryCount = registry.Count;
        CodegenBudget budget = session.Budget;
        CodegenBudget? outerBudget = budget.Enter(Options.Limits.MaxCodegenNodes);
        try
        {
            int length = MessageHeader.Read(reader, Options.Limits, out byte version);
            long end = reader.Position + length;
            // In-memory input: the payload must be exactly the bytes left (one test for both ends; fewer is the
            // truncated payload's error, as Require reports it).
            if (reader.BufferedBytes != length)
            {
                reader.Require(length, "the message payload");
                SlimThrow.InputAfterMessage(reader.BufferedBytes - length, length, end);
            }
            object? root = session.ReadGraph(registry, AdmissionFor(scope), RootSlot, version);
            if (reader.Position != end)
            {
                SlimThrow.UnreadPayload(end - reader.Position, reader.Position);
            }
            return root;
        }
        catch (Exception e)
        {
            if (_batchReadRegistry is not null)
            {
                registry.Truncate(registryCount);
            }
            if (e is SlimException or OutOfMemoryException)
            {
                throw;
            }
            throw SlimThrow.ReadFailed(e, reader.Position);
        }
        finally
        {
            budget.Exit(outerBudget);
            if (_batchReadRegistry is null)
            {
                registry.Reset();
            }
        }
    }

    // The cached session is lent by a flag, not taken out of its field: returning it stores an int, not a reference
    // (no write barrier a message). A read that finds it lent (another thread's, or a read inside a read) uses a new one.
    internal ReadSession RentReadSession()
    {
        if (_batchReadRegistry is not null && Interlocked.Exchange(ref _batchReadBusy, 1) != 0)
        {
            throw new InvalidOperationException("A Batch-mode SlimSerializer deserializes one message at a time: its registry follows the message order.");
        }
        if (Interlocked.Exchange(ref _readSessionLent, 1) == 0)
        {
            // Only the thread holding the flag reads or makes the cached session.
            return _cachedReadSession ??= NewReadSession();
        }
        return NewReadSession();
    }

    private ReadSession NewReadSession() => new(this, new TypeRegistry(_template), _admission);

    internal void ReturnReadSession(ReadSession session)
    {
        session.Clear();
        session.Reader.Detach();
        if (ReferenceEquals(session, _cachedReadSession))
        {
            Volatile.Write(ref _readSessionLent, 0);
        }
        if (_batchReadRegistry is not null)
        {
            Volatile.Write(ref _batchReadBusy, 0);
        }
    }

    /// <summary>For tests: whether the cached read session is lent to a read now.</summary>
    internal bool ReadSessionLent => Volatile.Read(ref _readSessionLent) != 0;
}
