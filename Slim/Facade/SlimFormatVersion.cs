namespace NFX.Slim;

/// <summary>The message format version a <see cref="SlimSerializer"/> writes (docs/FORMAT.md, "Bodies"); readers read both.</summary>
public enum SlimFormatVersion
{
    /// <summary>Every body breadth-first: what earlier releases read and write. Write it while such readers remain.</summary>
    Version1 = 1,

    /// <summary>Bodies follow their objects depth-first (the default).</summary>
    Version2 = 2,
}
