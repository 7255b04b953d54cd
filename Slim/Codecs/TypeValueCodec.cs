using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A <see cref="Type"/> value: written as a type handle. Reading one is refused unless the policy allows reflection
/// type values, and the named type must itself pass the policy.
/// </summary>
internal sealed class TypeValueCodec : SlimCodec
{
    public TypeValueCodec(Type runtimeType) : base(runtimeType) { }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => session.WriteTypeHandle((Type)value);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        // Type values themselves must be allowed (AllowReflectionTypeValues), also when announced as "new object of the
        // declared type" in a field declared as a Type subclass, which names no type for the policy to see.
        session.CheckAllowed(Type);
        Type type = session.ReadTypeHandle();
        session.CheckAllowed(type);
        return type;
    }

    public override object CloneHeader(object source, CloneSession session) => source;
}
