using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>A <see cref="Version"/>: its four components (-1 for an undefined build or revision), inline.</summary>
internal sealed class VersionCodec : SlimCodec
{
    public VersionCodec() : base(typeof(Version)) { }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session)
    {
        var version = (Version)value;
        writer.WriteInt32(version.Major);
        writer.WriteInt32(version.Minor);
        writer.WriteInt32(version.Build);
        writer.WriteInt32(version.Revision);
    }

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        int major = reader.ReadInt32(), minor = reader.ReadInt32(), build = reader.ReadInt32(), revision = reader.ReadInt32();
        if (major < 0 || minor < 0 || build < -1 || revision < -1 || (build == -1 && revision != -1))
        {
            throw new SlimFormatException($"Invalid Version {major}.{minor}.{build}.{revision} at offset {offset}.", offset);
        }
        return build < 0 ? new Version(major, minor) : revision < 0 ? new Version(major, minor, build) : new Version(major, minor, build, revision);
    }

    public override object CloneHeader(object source, CloneSession session) => source; // Version is immutable
}
