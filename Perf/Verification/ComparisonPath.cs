using System.Text;

namespace NFX.Perf.Verification;

/// <summary>
/// A path from the root as a parent-linked chain, so pushing a child costs one small object; the text is built only
/// when a difference is reported (and shortened for paths a million links long).
/// </summary>
internal sealed class ComparisonPath
{
    private const int MaxShownSegments = 10;

    private readonly ComparisonPath? _parent;
    private readonly string? _member;
    private readonly int _index;

    private ComparisonPath(ComparisonPath? parent, string? member, int index)
    {
        _parent = parent;
        _member = member;
        _index = index;
    }

    public static ComparisonPath Root { get; } = new(null, null, -1);

    public ComparisonPath Member(string name) => new(this, name, -1);

    public ComparisonPath Index(int index) => new(this, null, index);

    public ComparisonPath DictionaryEntry(int index, bool key) => new(this, key ? "<key>" : "<value>", index);

    public override string ToString()
    {
        var segments = new List<string>();
        int total = 0;
        for (ComparisonPath? p = this; p?._parent is not null; p = p._parent)
        {
            total++;
            if (segments.Count < MaxShownSegments)
            {
                segments.Add(p.Segment());
            }
        }
        var text = new StringBuilder("$");
        if (total > segments.Count)
        {
            text.Append(".(").Append(total - segments.Count).Append(" more)");
        }
        for (int i = segments.Count - 1; i >= 0; i--)
        {
            text.Append(segments[i]);
        }
        return text.ToString();
    }

    private string Segment() => (_member, _index) switch
    {
        (null, _) => $"[{_index}]",
        (_, < 0) => "." + _member,
        _ => $"[{_index}].{_member}",
    };
}
