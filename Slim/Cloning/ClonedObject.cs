namespace NFX.Slim.Cloning;

/// <summary>What a source object became in a deep clone: the value of its entry in the clone's identity map.</summary>
internal struct ClonedObject
{
    /// <summary>Its clone; null while a value built inline (its header clones its contents) is being made.</summary>
    public object? Clone;

    /// <summary>The clone's index, in the order clones were announced.</summary>
    public int Index;
}
