namespace NFX.Slim.Session;

/// <summary>
/// Work a codec leaves for the end of the message: bodies are read breadth-first, so a key read into a hashed or
/// sorted collection may not have its own fields yet; such collections are filled once every body is read.
/// </summary>
internal interface IDeferredFill
{
    void Fill(ReadSession session);
}
