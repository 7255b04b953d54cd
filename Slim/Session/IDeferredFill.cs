namespace NFX.Slim.Session;

/// <summary>
/// Work a codec leaves for the end of the message: a body may wait in the queue (and a cycle leads back to an
/// object whose body is still being read), so a key read into a hashed or sorted collection may not have its own fields yet; such collections are filled once every body is read.
/// </summary>
internal interface IDeferredFill
{
    void Fill(ReadSession session);
}
