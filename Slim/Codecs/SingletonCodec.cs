using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A process-wide singleton such as <see cref="DBNull.Value"/>: nothing is written, and reading yields the
/// singleton itself, so <c>value == DBNull.Value</c> still holds after a round trip.
/// </summary>
internal sealed class SingletonCodec(object instance) : SlimCodec(instance.GetType())
{
    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override object ReadHeader(SlimReader reader, ReadSession session) => instance;

    public override object CloneHeader(object source, CloneSession session) => instance;
}
