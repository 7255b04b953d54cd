#pragma warning disable SYSLIB0050, SYSLIB0051 // the ISerializable model implements the legacy pattern on purpose
using System.Collections.Concurrent;
using System.Data;
using System.Runtime.Serialization;

namespace NFX.Tests.Security.Support;

#pragma warning disable CA1051 // public fields are the point of these models

/// <summary>Records, by token, which user code ran during a read, so tests can prove it did not run on bad input.</summary>
public static class RanLog
{
    private static readonly ConcurrentDictionary<string, ConcurrentQueue<string>> s_log = new();

    public static void Add(string? token, string what)
    {
        if (token is not null)
        {
            s_log.GetOrAdd(token, _ => new ConcurrentQueue<string>()).Enqueue(what);
        }
    }

    public static string[] Of(string token) => s_log.TryGetValue(token, out var q) ? [.. q] : [];

    public static string NewToken() => "tok-" + Guid.NewGuid().ToString("N");
}

/// <summary>Logs every deserialization callback it receives.</summary>
public sealed class CallbackRecorder : IDeserializationCallback
{
    public string? Token;
    public int Value;

    /// <summary>What [OnDeserializing] saw of the payload: the token field as it was when the callback ran.</summary>
    [NonSerialized] public string? TokenSeenByOnDeserializing;

    [OnDeserializing] private void OnDeserializing(StreamingContext context) => TokenSeenByOnDeserializing = Token ?? "(blank)";
    [OnDeserialized] private void OnDeserialized(StreamingContext context) => RanLog.Add(Token, "deserialized");
    public void OnDeserialization(object? sender) => RanLog.Add(Token, "callback");
}

/// <summary>Logs when its ISerializable constructor runs.</summary>
[Serializable]
public sealed class SerializableRecorder : ISerializable
{
    public string? Token;

    public SerializableRecorder() { }

    private SerializableRecorder(SerializationInfo info, StreamingContext context)
    {
        Token = info.GetString("token");
        RanLog.Add(Token, "ctor");
    }

    public void GetObjectData(SerializationInfo info, StreamingContext context) => info.AddValue("token", Token);
}

/// <summary>A hash key that logs when a collection asks for its hash code.</summary>
public sealed class HashRecorder
{
    public string? Token;
    public int Id;

    public override bool Equals(object? obj) => obj is HashRecorder other && other.Id == Id;

    public override int GetHashCode()
    {
        RanLog.Add(Token, "hash");
        return Id;
    }
}

/// <summary>A generic wrapper in an allowed namespace, to show that allowing it does not allow what it wraps.</summary>
public sealed class Wrapper<T>
{
    public T? Value;
}

/// <summary>Holds any value; a struct, so boxed it is read inline (before its object exists).</summary>
public struct InlineBox
{
    public object? Value;
}

public enum ShortEnum : short { A = 1, B = 2 }

[Flags]
public enum Permissions { None = 0, Read = 1, Write = 2 }

/// <summary>A class that derives from a gadget: the deny-list must see through the base type.</summary>
public sealed class DerivedDataSet : DataSet;

/// <summary>A class whose base type has a gadget as a generic argument.</summary>
public sealed class DataSetList : List<DataSet>;

/// <summary>A class that derives from a deny-listed security type.</summary>
public sealed class DerivedClaimsIdentity : System.Security.Claims.ClaimsIdentity;

/// <summary>A self-referencing generic base (CRTP), which a deny-list walk must not recurse into forever.</summary>
public class EntityBase<TSelf> where TSelf : EntityBase<TSelf>
{
    public int Id;
}

public sealed class Entity : EntityBase<Entity>
{
    public string? Name;
}

/// <summary>A reference type written by a user serializer that reads a reference inline (so it nests).</summary>
public sealed class CustomBox
{
    public object? Value;
}

/// <summary>The serializer of <see cref="CustomBox"/>: its value is read inside the header, recursively.</summary>
public sealed class CustomBoxSerializer : NFX.Slim.ISlimTypeSerializer
{
    public Type Type => typeof(CustomBox);

    public void Write(object value, NFX.IO.SlimWriter writer, NFX.Slim.ISlimReferenceWriter references) =>
        references.WriteReference(((CustomBox)value).Value);

    public object Read(NFX.IO.SlimReader reader, NFX.Slim.ISlimReferenceReader references) =>
        new CustomBox { Value = references.ReadReference(typeof(object)) };
}

/// <summary>A program type that declares a field of a gadget type: a payload must not be able to fill it.</summary>
public sealed class GadgetHolder
{
    public DataSet? Data;
}

/// <summary>A custom comparer object: written as a reference in its collection's header.</summary>
public sealed class LengthComparer : IEqualityComparer<string>, IComparer<string>
{
    public int Salt;

    public bool Equals(string? x, string? y) => x?.Length == y?.Length;

    public int GetHashCode(string obj) => obj.Length + Salt;

    public int Compare(string? x, string? y) => (x?.Length ?? -1).CompareTo(y?.Length ?? -1);
}

/// <summary>A DTO with a <see cref="System.Text.StringBuilder"/> field: its stored capacity is what its constructor allocates.</summary>
public sealed class TextHolder
{
    public System.Text.StringBuilder? Text;
}

/// <summary>A DTO with a <see cref="System.Collections.Hashtable"/> field: its stored HashSize is what it allocates.</summary>
public sealed class TableHolder
{
    public System.Collections.Hashtable? Table;
}

/// <summary>A program's dictionary type: the ISerializable form of its base declares the table size.</summary>
[Serializable]
public sealed class NamedCounts : Dictionary<string, int>
{
    public NamedCounts()
    {
    }

#pragma warning disable SYSLIB0051 // the serialization constructor is what the attack goes through
    private NamedCounts(SerializationInfo info, StreamingContext context) : base(info, context)
    {
    }
#pragma warning restore SYSLIB0051
}
