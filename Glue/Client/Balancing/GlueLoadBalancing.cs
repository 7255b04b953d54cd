namespace NFX.Glue;

/// <summary>How a <see cref="GlueClient"/> with several endpoints spreads calls over them.</summary>
public enum GlueLoadBalancing
{
    /// <summary>
    /// Each call goes to the next endpoint in turn; of two neighbours in the rotation the one with fewer calls in
    /// flight is taken, so a slow or overloaded node gets fewer calls. Endpoints that are down are skipped.
    /// </summary>
    RoundRobin,

    /// <summary>
    /// Every call goes to the first endpoint in the list that is up; the others are standbys (kept connected), used
    /// while the ones before them are down. A node that comes back gets the traffic again.
    /// </summary>
    PickFirst,
}
