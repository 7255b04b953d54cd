namespace NFX.Perf.Verification;

/// <summary>Which objects <see cref="GraphComparer"/> holds to the rule "shared stays shared, distinct stays distinct".</summary>
public enum IdentityScope
{
    /// <summary>
    /// Objects other than strings and boxed values; those compare by value. For serializers that do not keep
    /// string or box identity (most peers): an equal string written twice may come back as two strings or one.
    /// </summary>
    Objects,

    /// <summary>Every object, strings and boxes included, as Slim and a deep clone keep them.</summary>
    ObjectsStringsAndBoxes,
}
