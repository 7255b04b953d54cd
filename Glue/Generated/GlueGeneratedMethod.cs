using System.ComponentModel;
using NFX.Glue.Server;
using NFX.Glue.Server.Streaming;

namespace NFX.Glue.Generated;

/// <summary>
/// The build-time facts of one contract method: its signature (which fixes its id), its argument pack type and its
/// server dispatch. Created by the code the NFX.Glue source generator writes; not meant to be used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class GlueGeneratedMethod
{
    private GlueGeneratedMethod(string signature, Type argsType, GlueMethodInvoker invoker, UploadFactory? uploadFactory)
    {
        ArgumentNullException.ThrowIfNull(signature);
        ArgumentNullException.ThrowIfNull(invoker);
        Signature = signature;
        ArgsType = argsType;
        Invoker = invoker;
        UploadFactory = uploadFactory;
    }

    internal string Signature { get; }

    internal Type ArgsType { get; }

    internal GlueMethodInvoker Invoker { get; }

    /// <summary>Creates the typed stream the client uploads; null for a method without one.</summary>
    internal UploadFactory? UploadFactory { get; }

    /// <summary>A method whose arguments travel as <typeparamref name="TArgs"/> and that uploads no stream.</summary>
    public static GlueGeneratedMethod Create<TArgs>(string signature, GlueMethodInvoker invoker) =>
        new(signature, typeof(TArgs), invoker, null);

    /// <summary>A method whose arguments travel as <typeparamref name="TArgs"/> and whose client uploads <c>IAsyncEnumerable&lt;TItem&gt;</c>.</summary>
    public static GlueGeneratedMethod CreateWithUpload<TArgs, TItem>(string signature, GlueMethodInvoker invoker) =>
        new(signature, typeof(TArgs), invoker, ServerUpload<TItem>.Create);
}
