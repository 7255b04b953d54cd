using System.Globalization;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs;

/// <summary>
/// The codec of <see cref="CompareInfo"/> (what a culture-aware string comparer holds; a copy of its fields would lack
/// the native sort handle a callback sets up), of which the runtime keeps one instance per culture name.
/// <see cref="CultureInfo"/> has a codec of its own (<see cref="CultureInfoCodec"/>): a culture object may be changed.
/// </summary>
internal static class CultureNamedCodec
{
    /// <summary>A CompareInfo is immutable: a clone shares it.</summary>
    public static SlimCodec ForCompareInfo(CultureNames cultures) =>
        new CultureNamedCodec<CompareInfo>(cultures, static c => c.Name, CompareInfo.GetCompareInfo, cloneSharesSource: true);
}

/// <summary>
/// A <typeparamref name="T"/> by its culture name, inline. Reading yields the runtime's own instance for that name,
/// complete at once; the name must be one of the allowed cultures (<see cref="SlimOptions.AllowedCultures"/>).
/// </summary>
internal sealed class CultureNamedCodec<T>(CultureNames cultures, Func<T, string> name, Func<string, T> get, bool cloneSharesSource)
    : SlimCodec(typeof(T)) where T : class
{
    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => writer.WriteString(name((T)value));

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        string read = reader.ReadString() ?? throw new SlimFormatException($"A null culture name at offset {offset}.", offset);
        // Only a name of the bounded set reaches the runtime, whose culture cache never shrinks.
        if (!cultures.TryGet(read, out string? canonical))
        {
            throw new SlimCultureNotAllowedException(read, offset);
        }
        try
        {
            return get(canonical);
        }
        catch (CultureNotFoundException)
        {
            // A name of SlimOptions.AllowedCultures the runtime does not know.
            throw new SlimFormatException($"Unknown culture name '{canonical}' for a {typeof(T).Name} at offset {offset}.", offset);
        }
    }

    public override object CloneHeader(object source, CloneSession session) => cloneSharesSource ? source : get(name((T)source));
}
