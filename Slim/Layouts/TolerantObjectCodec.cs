using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Layouts;

/// <summary>
/// Reads a class whose writer had another layout: the body follows the writer's member order through a compiled plan
/// (<see cref="TolerantPlan"/>). When the writer lacks members, the object is created by its parameterless
/// constructor (when it has one) so those members keep their initializers. Writing and cloning use the local codec.
/// </summary>
[RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
internal sealed class TolerantObjectCodec : SlimCodec
{
    private readonly ObjectCodec _local;
    private readonly Func<object>? _construct;
    private readonly Action<SlimReader, object, ReadSession> _readBody;

    public TolerantObjectCodec(ObjectCodec local, Func<object>? construct, Action<SlimReader, object, ReadSession> readBody) : base(local.Type)
    {
        _local = local;
        IsStructural = local.IsStructural;
        _construct = construct;
        _readBody = readBody;
        Callbacks = local.Callbacks;
        HasLayout = true;
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _local.WriteHeader(writer, value, session);

    public override void WriteBody(SlimWriter writer, object value, WriteSession session) => _local.WriteBody(writer, value, session);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        if (_construct is null)
        {
            return RuntimeHelpers.GetUninitializedObject(Type);
        }
        try
        {
            return _construct();
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw new SlimDeserializationException(
                $"The parameterless constructor of '{Type}' (run to give members the writer lacks their defaults) threw: {e.Message}", e);
        }
    }

    public override void ReadBody(SlimReader reader, object instance, ReadSession session) => _readBody(reader, instance, session);

    public override object CloneHeader(object source, CloneSession session) => _local.CloneHeader(source, session);

    public override void CloneBody(object source, object target, CloneSession session) => _local.CloneBody(source, target, session);
}
