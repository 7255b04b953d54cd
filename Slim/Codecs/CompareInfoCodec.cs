using System.Globalization;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs;

/// <summary>
/// A <see cref="CompareInfo"/> (what a culture-aware string comparer holds): its culture name, inline. Reading yields
/// the runtime's own instance for that culture, complete at once, instead of a copy of its fields whose native sort
/// handle is set up only by a callback; a clone shares it (it is immutable).
/// </summary>
internal sealed class CompareInfoCodec : SlimCodec
{
    private readonly CultureNames _cultures;

    public CompareInfoCodec(CultureNames cultures) : base(typeof(CompareInfo)) => _cultures = cultures;

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => writer.WriteString(((CompareInfo)value).Name);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        string name = reader.ReadString() ?? throw new SlimFormatException($"A null culture name at offset {offset}.", offset);
        // Only a name of the bounded set reaches the runtime, whose culture cache never shrinks.
        if (!_cultures.TryGet(name, out string? canonical))
        {
            throw new SlimCultureNotAllowedException(name, offset);
        }
        try
        {
            return CompareInfo.GetCompareInfo(canonical);
        }
        catch (CultureNotFoundException)
        {
            // A name of SlimOptions.AllowedCultures the runtime does not know.
            throw new SlimFormatException($"Unknown culture name '{canonical}' for a CompareInfo at offset {offset}.", offset);
        }
    }

    public override object CloneHeader(object source, CloneSession session) => source;
}
