using System.Net;

namespace NFX.Glue;

/// <summary>What the server knows about a connecting client when it authenticates it.</summary>
public sealed class GlueAuthContext
{
    /// <summary>Creates a context.</summary>
    public GlueAuthContext(ReadOnlyMemory<byte> token, EndPoint? remoteEndPoint, IReadOnlyList<string> contracts)
    {
        Token = token;
        RemoteEndPoint = remoteEndPoint;
        Contracts = contracts;
    }

    /// <summary>The token the client sent (<see cref="GlueClientOptions.AuthToken"/>); empty when it sent none.</summary>
    public ReadOnlyMemory<byte> Token { get; }

    /// <summary>The client's address, when the transport has one.</summary>
    public EndPoint? RemoteEndPoint { get; }

    /// <summary>The names of the contracts the client asked for in its Hello.</summary>
    public IReadOnlyList<string> Contracts { get; }
}
