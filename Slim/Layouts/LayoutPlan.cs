using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Layouts;

/// <summary>
/// A writer's layout of a class that differs from the local one, as its type entry delivered it: the reading codec is
/// taken from the catalog (compiled once per distinct layout) when the first object of the type is announced.
/// </summary>
internal sealed class LayoutPlan(LocalLayout local, RemoteMember[] members)
{
    public LocalLayout Local { get; } = local;

    public RemoteMember[] Members { get; } = members;

    /// <summary>The reading codec, once the first object of the type needed it.</summary>
    public SlimCodec? Codec { get; set; }

    /// <summary>
    /// The value types the writer's layout names that this reader's does not declare for the same member (a member the
    /// reader lacks, or one read by the writer's type and converted): read in place, they create whatever their fields
    /// and generic arguments hold (a dropped <c>KeyValuePair&lt;X, int&gt;</c> creates an X), so each must pass the
    /// type policy like a type named for a new object. Reference-typed ones are checked per object by their slots.
    /// </summary>
    public Type[] PayloadValueTypes { get; } = FindPayloadValueTypes(local, members);

    /// <summary>The policy that last admitted <see cref="PayloadValueTypes"/> (a plan outlives messages in the layout memo).</summary>
    public TypeAdmission? AdmittedBy { get; set; }

    private static Type[] FindPayloadValueTypes(LocalLayout local, RemoteMember[] members)
    {
        var found = new HashSet<Type>();
        foreach (RemoteMember member in members)
        {
            if (!member.WireType.IsValueType)
            {
                continue;
            }
            int index = Array.FindIndex(local.Names, name => name.AsSpan().SequenceEqual(member.Name));
            if (index < 0 || local.WireTypes[index] != member.WireType)
            {
                found.Add(member.WireType);
            }
        }
        return [.. found];
    }
}
