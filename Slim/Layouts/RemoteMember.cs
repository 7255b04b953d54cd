namespace NFX.Slim.Layouts;

/// <summary>One member of a writer's layout as its type entry listed it: the raw UTF-8 name and the wire type.</summary>
internal readonly record struct RemoteMember(byte[] Name, Type WireType);
