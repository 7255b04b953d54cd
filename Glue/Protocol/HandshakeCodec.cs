using System.Buffers;
using NFX.IO;
using NFX.Slim;

namespace NFX.Glue.Protocol;

/// <summary>
/// Writes and parses the handshake and binding frames with the plain <see cref="SlimWriter"/> / <see cref="SlimReader"/>
/// primitives under hard limits: nothing from a peer that has not been authenticated goes through the object serializer.
/// Malformed input throws <see cref="GlueProtocolException"/>.
/// </summary>
internal static class HandshakeCodec
{
    public static void WriteHello(SlimWriter w, HelloMessage hello)
    {
        w.WriteRawBytes(ProtocolConstants.Magic);
        w.WriteVarUInt32(hello.Version);
        w.WriteVarUInt32(hello.Flags);
        w.WriteVarUInt32((uint)hello.MaxMessageSize);
        w.WriteByteArray(hello.Token);
        w.WriteVarUInt32((uint)hello.Contracts.Count);
        foreach (ContractRequest c in hello.Contracts)
        {
            WriteContractRequest(w, c);
        }
    }

    /// <summary>Parses a Hello; a wrong magic or version yields a message with that version and no contracts.</summary>
    public static HelloMessage ReadHello(in ReadOnlySequence<byte> content)
    {
        using var r = new SlimReader(content);
        try
        {
            Span<byte> magic = stackalloc byte[4];
            r.ReadRawBytes(magic);
            if (!magic.SequenceEqual(ProtocolConstants.Magic))
            {
                return new HelloMessage(0, 0, 0, [], []);
            }
            uint version = r.ReadVarUInt32();
            if (version != ProtocolConstants.Version)
            {
                return new HelloMessage(version, 0, 0, [], []);
            }
            uint flags = r.ReadVarUInt32();
            int maxMessageSize = ReadCount(r, int.MaxValue, "max message size");
            r.MaxLength = ProtocolConstants.MaxTokenBytes;
            byte[] token = r.ReadByteArray() ?? [];
            int count = ReadCount(r, ProtocolConstants.MaxContracts, "contract count");
            var contracts = new ContractRequest[count];
            for (int i = 0; i < count; i++)
            {
                contracts[i] = ReadContractRequest(r);
            }
            EnsureEnd(r);
            return new HelloMessage(version, flags, maxMessageSize, token, contracts);
        }
        catch (SlimException e)
        {
            throw Malformed("Hello", e);
        }
    }

    public static void WriteWelcome(SlimWriter w, WelcomeMessage welcome)
    {
        w.WriteVarUInt32(welcome.Version);
        w.WriteVarUInt32((uint)welcome.MaxMessageSize);
        w.WriteVarUInt32((uint)welcome.MaxInFlight);
        w.WriteVarUInt32((uint)welcome.Contracts.Count);
        foreach (ContractAnswer a in welcome.Contracts)
        {
            WriteContractAnswer(w, a);
        }
        if (welcome.Layouts is byte layouts)
        {
            w.WriteByte(layouts);
        }
    }

    /// <summary>
    /// Parses a Welcome. A client that negotiated layouts (<paramref name="layoutsAsked"/>) accepts a trailing layouts
    /// byte; a server that predates negotiation sends none.
    /// </summary>
    public static WelcomeMessage ReadWelcome(in ReadOnlySequence<byte> content, IReadOnlyList<ContractRequest> asked, bool layoutsAsked = false,
        bool slimFormat2Asked = false)
    {
        using var r = new SlimReader(content);
        try
        {
            uint version = r.ReadVarUInt32();
            int maxMessage = ReadCount(r, int.MaxValue, "max message size");
            int maxInFlight = ReadCount(r, int.MaxValue, "max in flight");
            int count = ReadCount(r, ProtocolConstants.MaxContracts, "contract count");
            if (count != asked.Count)
            {
                throw new GlueProtocolException($"Malformed Welcome: {count} contract answers for {asked.Count} contracts asked.");
            }
            var answers = new ContractAnswer[count];
            for (int i = 0; i < count; i++)
            {
                answers[i] = ReadContractAnswer(r, asked[i].MethodHashes.Length);
            }
            byte? layouts = null;
            if (layoutsAsked && !r.IsAtEnd)
            {
                layouts = r.ReadByte();
                if ((layouts & ~(LayoutStance.WelcomeMask | (slimFormat2Asked ? ProtocolConstants.WelcomeReadsSlimFormat2 : 0))) != 0)
                {
                    throw new GlueProtocolException($"Malformed Welcome: layouts byte 0x{layouts:X2} has undefined bits.");
                }
            }
            EnsureEnd(r);
            return new WelcomeMessage(version, maxMessage, maxInFlight, answers, layouts);
        }
        catch (SlimException e)
        {
            throw Malformed("Welcome", e);
        }
    }

    public static void WriteRefused(SlimWriter w, RefusalCode code, string message)
    {
        w.WriteVarUInt32((uint)code);
        w.WriteString(message);
    }

    public static (RefusalCode Code, string Message) ReadRefused(in ReadOnlySequence<byte> content)
    {
        using var r = new SlimReader(content);
        try
        {
            var code = (RefusalCode)r.ReadVarUInt32();
            r.MaxLength = ProtocolConstants.MaxErrorTextBytes;
            return (code, r.ReadString() ?? string.Empty);
        }
        catch (SlimException e)
        {
            throw Malformed("Refused", e);
        }
    }

    public static void WriteContractRequest(SlimWriter w, ContractRequest c)
    {
        w.WriteString(c.Name);
        w.WriteVarUInt32((uint)c.MethodHashes.Length);
        foreach (ulong hash in c.MethodHashes)
        {
            w.WriteFixed64(hash);
        }
    }

    /// <summary>Parses a Bind body after its callId and contractId (the reader is positioned on the contract entry).</summary>
    public static ContractRequest ReadContractRequest(in ReadOnlySequence<byte> entry)
    {
        using var r = new SlimReader(entry);
        try
        {
            ContractRequest c = ReadContractRequest(r);
            EnsureEnd(r);
            return c;
        }
        catch (SlimException e)
        {
            throw Malformed("Bind", e);
        }
    }

    public static void WriteContractAnswer(SlimWriter w, ContractAnswer a)
    {
        if (a.Methods is not bool[] methods)
        {
            w.WriteByte(0);
            return;
        }
        w.WriteByte(1);
        w.WriteVarUInt32((uint)methods.Length);
        foreach (bool present in methods)
        {
            w.WriteBoolean(present);
        }
    }

    public static ContractAnswer ReadContractAnswer(in ReadOnlySequence<byte> entry, int methodCount)
    {
        using var r = new SlimReader(entry);
        try
        {
            ContractAnswer a = ReadContractAnswer(r, methodCount);
            EnsureEnd(r);
            return a;
        }
        catch (SlimException e)
        {
            throw Malformed("Bound", e);
        }
    }

    private static ContractRequest ReadContractRequest(SlimReader r)
    {
        r.MaxLength = ProtocolConstants.MaxNameBytes;
        string? name = r.ReadString();
        if (string.IsNullOrEmpty(name))
        {
            throw new GlueProtocolException("Malformed handshake: a contract has no name.");
        }
        int methods = ReadCount(r, ProtocolConstants.MaxMethods, "method count");
        r.CheckLength(methods, "method hashes", sizeof(ulong));
        ulong[] hashes = new ulong[methods];
        for (int i = 0; i < methods; i++)
        {
            hashes[i] = r.ReadFixed64();
        }
        return new ContractRequest(name, hashes);
    }

    private static ContractAnswer ReadContractAnswer(SlimReader r, int methodCount)
    {
        byte status = r.ReadByte();
        if (status == 0)
        {
            return ContractAnswer.NotHosted;
        }
        if (status != 1)
        {
            throw new GlueProtocolException($"Malformed handshake: contract status {status}.");
        }
        int count = ReadCount(r, ProtocolConstants.MaxMethods, "method count");
        if (count != methodCount)
        {
            throw new GlueProtocolException($"Malformed handshake: {count} method answers for {methodCount} methods asked.");
        }
        bool[] methods = new bool[count];
        for (int i = 0; i < count; i++)
        {
            methods[i] = r.ReadBoolean();
        }
        return new ContractAnswer(methods);
    }

    private static int ReadCount(SlimReader r, int max, string what)
    {
        uint value = r.ReadVarUInt32();
        if (value > (uint)max)
        {
            throw new GlueProtocolException($"Malformed handshake: {what} {value} is over the limit of {max}.");
        }
        return (int)value;
    }

    private static void EnsureEnd(SlimReader r)
    {
        if (!r.IsAtEnd)
        {
            throw new GlueProtocolException($"Malformed handshake: unexpected bytes at offset {r.Position}.");
        }
    }

    private static GlueProtocolException Malformed(string what, SlimException e) => new($"Malformed {what}: {e.Message}", e);
}
