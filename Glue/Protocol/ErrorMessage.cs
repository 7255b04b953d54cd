namespace NFX.Glue.Protocol;

/// <summary>The body of an <see cref="FrameType.Error"/> frame after its callId.</summary>
internal sealed record ErrorMessage(ErrorKind Kind, string TypeName, string Message, string? StackTrace, byte[]? ExceptionBytes);
