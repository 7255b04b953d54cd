namespace NFX.Glue;

/// <summary>How a server gets the object that runs a call.</summary>
public enum GlueInstanceMode
{
    /// <summary>One instance serves every call, concurrently: it must be thread-safe.</summary>
    Singleton = 0,

    /// <summary>A new instance (from DI: a new scope) per call, disposed when the call ends.</summary>
    PerCall = 1,
}
