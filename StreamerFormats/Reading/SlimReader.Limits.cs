using System.Diagnostics.CodeAnalysis;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// The largest string, in UTF-8 bytes, that <see cref="ReadString"/> accepts; checked on the length prefix, before
    /// anything is decoded or allocated. Defaults to <see cref="Array.MaxLength"/>; Slim sets it from its limits.
    /// </summary>
    public int MaxStringBytes { get; set; } = Array.MaxLength;

    [DoesNotReturn]
    private void ThrowStringTooLong(int length) =>
        ThrowHelper.ThrowLimit(nameof(MaxStringBytes), length, MaxStringBytes, Position);
}
