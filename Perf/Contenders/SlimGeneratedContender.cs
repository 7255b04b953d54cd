using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>
/// <see cref="SlimPerCallContender"/> on the codecs Slim's source generator wrote at build time: the same bytes, nothing
/// compiled at run time.
/// </summary>
public sealed class SlimGeneratedContender() : SlimPerCallContender(SlimVersioning.Strict, ContenderName,
    "as Slim (PerCall), on the source generator's codecs (the same bytes; no expression trees compiled).", generated: true)
{
    /// <summary>The row's name.</summary>
    public new const string ContenderName = "Slim (generated)";
}
