namespace NFX.Glue.Protocol;

/// <summary>One contract a client asks for: its wire name and the signature hashes of its methods in id order.</summary>
internal sealed record ContractRequest(string Name, ulong[] MethodHashes);

/// <summary>The server's answer for one requested contract: null methods = not hosted; else which methods exist.</summary>
internal sealed record ContractAnswer(bool[]? Methods)
{
    public static ContractAnswer NotHosted { get; } = new((bool[]?)null);

    public bool IsHosted => Methods is not null;
}

/// <summary>The client's first frame.</summary>
internal sealed record HelloMessage(uint Version, uint Flags, int MaxMessageSize, byte[] Token, IReadOnlyList<ContractRequest> Contracts);

/// <summary>
/// The server's acceptance of a Hello. <paramref name="Layouts"/> is the server's layout stance
/// (<see cref="LayoutStance"/>), sent only to clients that negotiate layouts.
/// </summary>
internal sealed record WelcomeMessage(uint Version, int MaxMessageSize, int MaxInFlight, IReadOnlyList<ContractAnswer> Contracts, byte? Layouts = null);
