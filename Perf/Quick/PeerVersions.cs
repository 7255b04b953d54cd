using System.Reflection;

namespace NFX.Perf.Quick;

/// <summary>
/// The version of every peer package the job measures, read from each assembly's informational version (what the
/// package was built as), so a table is never read against the wrong release of a peer.
/// </summary>
public static class PeerVersions
{
    /// <summary>Each peer's package name and a type of its main assembly, in the order the line prints them.</summary>
    public static IReadOnlyList<(string Package, Type Marker)> Peers { get; } =
    [
        ("MemoryPack", typeof(MemoryPack.MemoryPackSerializer)),
        ("MessagePack", typeof(MessagePack.MessagePackSerializer)),
        ("Nerdbank.MessagePack", typeof(Nerdbank.MessagePack.MessagePackSerializer)),
        ("PolyType", typeof(PolyType.ITypeShape)),
        ("System.Text.Json", typeof(System.Text.Json.JsonSerializer)),
        ("protobuf-net", typeof(ProtoBuf.Serializer)),
        ("Google.Protobuf", typeof(Google.Protobuf.MessageParser)),
        ("Orleans.Serialization", typeof(global::Orleans.Serialization.Serializer)),
        ("Hyperion", typeof(Hyperion.Serializer)),
        ("ApacheThrift", typeof(global::Thrift.TApplicationException)),
        ("Grpc.Net.Client", typeof(Grpc.Net.Client.GrpcChannel)),
        ("protobuf-net.Grpc", typeof(ProtoBuf.Grpc.Client.GrpcClientFactory)),
    ];

    /// <summary>"MemoryPack 1.21.4, MessagePack 3.1.12, ..." (the version without its build metadata).</summary>
    public static string Line() => "Peers: " + string.Join(", ", Peers.Select(p => $"{p.Package} {Of(p.Marker.Assembly)}")) + ".";

    /// <summary>
    /// The informational version of <paramref name="assembly"/> up to its build metadata (after '+', or after a space as
    /// Orleans writes "10.4.2. Commit Hash: ..."), else its assembly version.
    /// </summary>
    public static string Of(Assembly assembly)
    {
        string? version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        if (string.IsNullOrEmpty(version))
        {
            return assembly.GetName().Version?.ToString() ?? "?";
        }
        int end = version.IndexOfAny(['+', ' ']);
        return (end >= 0 ? version[..end] : version).TrimEnd('.');
    }
}
