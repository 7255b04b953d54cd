namespace NFX.Glue.Generators.Model;

/// <summary>The names of NFX.Glue the generator recognizes and the generated code refers to.</summary>
internal static class GlueNames
{
    public const string GluedAttribute = "NFX.Glue.GluedAttribute";
    public const string OneWayAttribute = "NFX.Glue.OneWayAttribute";

    /// <summary>The registry; its presence means the compilation references NFX.Glue.</summary>
    public const string RegistryMetadataName = "NFX.Glue.Generated.GlueGeneratedContracts";

    public const string Registry = "global::NFX.Glue.Generated.GlueGeneratedContracts";
    public const string Method = "global::NFX.Glue.Generated.GlueGeneratedMethod";
    public const string Proxy = "global::NFX.Glue.Generated.GlueProxy";
    public const string Adapters = "global::NFX.Glue.Generated.GlueInvokeAdapters";
    public const string NoArgs = "global::NFX.Glue.Generated.GlueNoArgs";

    /// <summary>The namespace of the generated classes.</summary>
    public const string Namespace = "NFX.Glue.Generated.Contracts";
}
