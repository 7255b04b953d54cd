using System.Text;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Layouts;

/// <summary>The layout mismatch errors, built out of line: each names the type, both sides and what to do.</summary>
internal static class LayoutThrow
{
    private const string EnableTolerance =
        "To read messages across versions, enable version tolerance on the writer (SlimOptions.Versioning = SlimVersioning.Tolerant; " +
        "Glue negotiates it by default), or deploy the same version of the type on both ends";

    public static SlimLayoutMismatchException FingerprintMismatch(Type type, uint writer, LocalLayout? local, long offset)
    {
        string name = TypeNames.Describe(type);
        string reader = local is null
            ? "this reader writes the type with a dedicated codec (no field layout)"
            : $"this reader's is 0x{local.Fingerprint:X8}, layout {local.Text}";
        return new SlimLayoutMismatchException(name,
            $"At offset {offset}, the message was written with another layout of '{name}': the writer's layout fingerprint is 0x{writer:X8}, " +
            $"{reader}. {EnableTolerance}.", writer, local?.Fingerprint);
    }

    public static SlimLayoutMismatchException NoLayoutSent(LocalLayout local, long offset)
    {
        string name = TypeNames.Describe(local.Type);
        return new SlimLayoutMismatchException(name,
            $"At offset {offset}, the type entry of '{name}' carries no layout, but this reader writes the type as its fields " +
            $"(layout fingerprint 0x{local.Fingerprint:X8}): the writer has another version of the type (one with a dedicated codec). {EnableTolerance}.",
            null, local.Fingerprint);
    }

    public static SlimLayoutMismatchException MemberListRefused(Type type, LocalLayout? local, long offset)
    {
        string name = TypeNames.Describe(type);
        return new SlimLayoutMismatchException(name,
            $"At offset {offset}, the type entry of '{name}' carries a version-tolerant member list, and this reader requires strict layouts " +
            "(SlimOptions.RequireStrictLayouts): the writer must use SlimVersioning.Strict, or this reader must accept member lists.",
            null, local?.Fingerprint);
    }

    public static SlimLayoutMismatchException NotTolerable(Type type, LocalLayout? local, RemoteMember[] remote, long offset)
    {
        string name = TypeNames.Describe(type);
        string why = local is null
            ? "this reader writes the type with a dedicated codec (no field layout)"
            : type.IsValueType ? "a struct's fields are read in place and must match exactly"
            : "an exception's fields must match exactly";
        return new SlimLayoutMismatchException(name,
            $"At offset {offset}, the message's layout of '{name}' ({Describe(remote)}) differs from this reader's " +
            $"({(local is null ? "none" : local.Text)}), and {why}. Deploy the same version of the type on both ends.",
            null, local?.Fingerprint);
    }

    /// <summary>The plan from the catalog; a conversion the expression compiler refuses is a mismatch of that layout.</summary>
    public static SlimCodec PlanOrThrow(LayoutCatalog catalog, LocalLayout local, RemoteMember[] remote)
    {
        try
        {
            return catalog.Plan(local, remote);
        }
        catch (Exception e) when (e is SlimSerializationException or ArgumentException or InvalidOperationException)
        {
            throw TolerantPlan.Mismatch(local, null, $"the writer's members ({Describe(remote)}) cannot be mapped: {e.Message}");
        }
    }

    private static string Describe(RemoteMember[] remote)
    {
        var text = new StringBuilder();
        foreach (RemoteMember member in remote)
        {
            if (text.Length > 0)
            {
                text.Append(", ");
            }
            if (text.Length > 400)
            {
                text.Append("...");
                break;
            }
            text.Append(Encoding.UTF8.GetString(member.Name)).Append(':').Append(TypeNames.Describe(member.WireType));
        }
        return text.ToString();
    }
}
