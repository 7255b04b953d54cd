using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// An exception by what a caller needs from it, not by System.Exception's runtime internals (which hold native
/// pointers): message, inner exception, stack trace text, source, help link, HResult and Data entries, then the
/// fields its own type adds (ArgumentException's ParamName and so on). Created uninitialized at first sight, like
/// any object, so identity and cycles (an exception in its own Data) hold.
/// </summary>
internal sealed class ExceptionCodec : SlimCodec
{
    private const BindingFlags Private = BindingFlags.Instance | BindingFlags.NonPublic;
    private static readonly FieldInfo? s_message = typeof(Exception).GetField("_message", Private);
    private static readonly FieldInfo? s_inner = typeof(Exception).GetField("_innerException", Private);
    private static readonly FieldInfo? s_stackTrace = typeof(Exception).GetField("_stackTraceString", Private);
    private static readonly FieldInfo? s_hresult = typeof(Exception).GetField("_HResult", Private);

    private readonly ReferenceSlot _stringSlot;
    private readonly ReferenceSlot _exceptionSlot;
    private readonly ReferenceSlot _objectSlot;
    private readonly FieldFunctors _own;

    [RequiresDynamicCode("Compiles the write, read and clone of the exception's own fields.")]
    [RequiresUnreferencedCode("Reads and writes the fields of the exception's type found by reflection, and allocates it uninitialized.")]
    public ExceptionCodec(Type type, ValueExpressions values, CodecCache codecs) : base(type)
    {
        Callbacks = SerializationCallbacks.For(type);
        RunsProgramCode = true;
        _stringSlot = codecs.SlotFor(typeof(string), type.Name + " text");
        _exceptionSlot = codecs.SlotFor(typeof(Exception), type.Name + ".InnerException");
        _objectSlot = codecs.SlotFor(typeof(object), type.Name + ".Data");
        _own = new FieldFunctors(type, OwnFields(type), values, plainFieldsCopied: false);
    }

    /// <summary>The fields written after the common exception parts: every field not declared by System.Exception itself.</summary>
    public static FieldInfo[] OwnFields(Type type) => FieldLayout.Of(type).Where(f => f.DeclaringType != typeof(Exception)).ToArray();

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var exception = (Exception)value;
        session.WriteReference(s_message?.GetValue(exception) as string ?? exception.Message, _stringSlot);
        session.WriteReference(exception.InnerException, _exceptionSlot);
        session.WriteReference(exception.StackTrace, _stringSlot);
        session.WriteReference(exception.Source, _stringSlot);
        session.WriteReference(exception.HelpLink, _stringSlot);
        writer.WriteInt32(exception.HResult);
        DictionaryEntry[] data = exception.Data.Count == 0 ? [] : [.. exception.Data.Cast<DictionaryEntry>()];
        writer.WriteVarUInt32((uint)data.Length);
        foreach (DictionaryEntry entry in data)
        {
            session.WriteReference(entry.Key, _objectSlot);
            session.WriteReference(entry.Value, _objectSlot);
        }
        _own.Write(writer, value, session);
    }

    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "Instances come only from the constructor, which requires unreferenced code.")]
    public override object ReadHeader(SlimReader reader, ReadSession session) => RuntimeHelpers.GetUninitializedObject(Type);

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        var exception = (Exception)instance;
        string? message = (string?)session.ReadReference(_stringSlot);
        var inner = (Exception?)session.ReadReference(_exceptionSlot);
        string? stackTrace = (string?)session.ReadReference(_stringSlot);
        string? source = (string?)session.ReadReference(_stringSlot);
        string? helpLink = (string?)session.ReadReference(_stringSlot);
        int hresult = reader.ReadInt32();
        long dataOffset = reader.Position;
        int count = reader.ReadLength("Exception.Data", 2);
        if (count > session.Limits.MaxHashCollisions)
        {
            // Exception.Data is a linked list that every insert scans: all its keys are one chain (docs/SECURITY.md).
            SlimThrow.Limit(nameof(SlimLimits.MaxHashCollisions) + " (Exception.Data entries)", count, session.Limits.MaxHashCollisions, dataOffset);
        }
        var data = new (object Key, object? Value)[count];
        for (int i = 0; i < count; i++)
        {
            object key = session.ReadReference(_objectSlot) ?? throw new SlimFormatException($"A null key in Exception.Data at offset {reader.Position}.", reader.Position);
            data[i] = (key, session.ReadReference(_objectSlot));
        }
        Populate(exception, message, inner, stackTrace, source, helpLink, hresult);
        if (data.Length != 0)
        {
            session.Defer(new DataFill(exception, data));
        }
        _own.Read(reader, instance, session);
    }

    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "Instances come only from the constructor, which requires unreferenced code.")]
    public override object CloneHeader(object source, CloneSession session) => RuntimeHelpers.GetUninitializedObject(Type);

    public override void CloneBody(object source, object target, CloneSession session)
    {
        var from = (Exception)source;
        var to = (Exception)target;
        Populate(to, s_message?.GetValue(from) as string ?? from.Message, (Exception?)session.CloneReference(from.InnerException),
            from.StackTrace, from.Source, from.HelpLink, from.HResult);
        if (from.Data.Count != 0)
        {
            // Keys are compared with Equals, which may read fields of clones whose bodies come later: fill at the end.
            var data = new List<(object Key, object? Value)>(from.Data.Count);
            foreach (DictionaryEntry entry in from.Data)
            {
                data.Add((session.CloneReference(entry.Key)!, session.CloneReference(entry.Value)));
            }
            session.Defer(new DataFill(to, [.. data]));
        }
        _own.Clone.Compiled(source, target, session);
    }

    private static void Populate(Exception exception, string? message, Exception? inner, string? stackTrace, string? source, string? helpLink, int hresult)
    {
        s_message?.SetValue(exception, message);
        s_inner?.SetValue(exception, inner);
        s_hresult?.SetValue(exception, hresult);
        if (stackTrace is not null)
        {
            s_stackTrace?.SetValue(exception, stackTrace);
        }
        exception.Source = source;
        exception.HelpLink = helpLink;
    }

    private sealed class DataFill(Exception exception, (object Key, object? Value)[] data) : IDeferredFill, IDeferredCloneFill
    {
        public void Fill(ReadSession session) => Fill();

        public void Fill()
        {
            foreach ((object key, object? value) in data)
            {
                try
                {
                    exception.Data[key] = value;
                }
                catch (ArgumentException e)
                {
                    throw new SlimDeserializationException($"Exception.Data entry '{key}' cannot be restored: {e.Message}", e);
                }
            }
        }
    }
}
